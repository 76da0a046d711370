/**
 * When something was received or ends, to the minute and with its time zone: "December 26,
 * 2026 at 10:00 UTC", "26. Dezember 2026 um 11:00 MEZ" (`words.date(instant, INSTANT)`).
 */
export const INSTANT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};
