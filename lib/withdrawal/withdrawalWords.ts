import type { Words } from '@/lib/i18n/words';

/**
 * "November 27, 2026 at 09:14 UTC", "27. November 2026 um 10:14 Uhr (MEZ)": an instant to the
 * minute on the reader's clock, as the withdrawal's receipt names it (it counts from then), with
 * the zone said so that nobody reads it on another clock.
 */
export function dateTimeWords(words: Words, instant: string): string {
  const at = new Date(instant);
  const zone = new Intl.DateTimeFormat(words.locale, { timeZoneName: 'short', timeZone: words.timeZone })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return words.t('withdraw.dateTime', {
    date: words.date(at),
    time: words.date(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    zone: zone ?? words.timeZone,
  });
}
