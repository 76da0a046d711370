import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/timeZone';
import type { Words } from '@/lib/i18n/words';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { serverWords } from '@/lib/server/i18n/pageI18n';

/** Whom a mail speaks to: the language its order was bought in and where the buyer's clock is. */
export interface MailRecipient {
  locale: string;
  timeZone: string;
}

/** Orders and subscriptions from before they kept either (migration 0051): English, times in UTC. */
export const ENGLISH_RECIPIENT: MailRecipient = { locale: DEFAULT_LOCALE, timeZone: DEFAULT_TIME_ZONE };

/** How a mail to one recipient writes what it says: its words, dates and amounts. */
export interface MailFormats {
  words: Words;
  /** "December 26, 2026", "26. Dezember 2026": an instant on the recipient's calendar; a calendar date as it is. */
  date(instantOrDay: string): string;
  /** "December 26, 2026 at 10:00 UTC", "26. Dezember 2026 um 11:00 Uhr (MEZ)": an instant to the minute, on the recipient's clock. */
  dateTime(instant: string): string;
  money(cents: number, currency: CurrencyCode): string;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function mailFormats(recipient: MailRecipient): MailFormats {
  const words = serverWords(recipient.locale);
  const onTheirClock = new Intl.DateTimeFormat(recipient.locale, { dateStyle: 'long', timeZone: recipient.timeZone });
  // A day with no time ("2026-11-25", a last day to refuse) is that day everywhere: read at midnight UTC, it must be written in UTC.
  const asWritten = new Intl.DateTimeFormat(recipient.locale, { dateStyle: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(recipient.locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: recipient.timeZone,
  });
  const zone = new Intl.DateTimeFormat(recipient.locale, { timeZoneName: 'short', timeZone: recipient.timeZone });
  const zoneAt = (at: Date) => zone.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? recipient.timeZone;
  return {
    words,
    date: (value) => (CALENDAR_DAY.test(value) ? asWritten : onTheirClock).format(new Date(value)),
    dateTime: (instant) => {
      const at = new Date(instant);
      return words.t('mail.dateTime', { date: onTheirClock.format(at), time: time.format(at), zone: zoneAt(at) });
    },
    money: (cents, currency) => words.money(cents, currency),
  };
}

/** The words of a mail nobody's locale is known for: English, as every mail was before. */
export const englishMailWords = (): Words => serverWords(DEFAULT_LOCALE);
