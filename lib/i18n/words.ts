import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { englishMoneyStyle } from '@/lib/pricing/money';
import type { MessageDescriptor, MessageKey, MessageValues } from './messageKey';
import { formatInStyle, type MoneyStyles } from './moneyStyle';

/**
 * Everything the edge needs to word a view in one locale: its messages and how it writes
 * money. The same on the server (pages, e-mails, errors) and in the browser.
 */
export interface Words {
  locale: string;
  i18n: I18n;
  t(id: MessageKey, values?: MessageValues): string;
  /** A sentence a view model or an error carries. */
  say(message: MessageDescriptor): string;
  /** "25,00 €", "$12.99": cents with two decimals. */
  money(cents: number, currency: CurrencyCode): string;
  /** "25 €", "$24.99": without decimals when the amount is whole, for sentences. */
  moneyShort(cents: number, currency: CurrencyCode): string;
  /** The reader's IANA time zone: every date the page shows is in it. */
  timeZone: string;
  /** A date or time in the locale and the reader's time zone; `{ dateStyle: 'long' }` unless told. */
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
}

/** Words over compiled messages; without money styles, amounts are written as in English. */
export function wordsFor(locale: string, messages: Messages, money: MoneyStyles | null, timeZone = 'UTC'): Words {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const inStyle = (cents: number, currency: CurrencyCode, digits: number) =>
    formatInStyle(money ? money[currency] : englishMoneyStyle(currency), cents / 100, digits);
  const t = (id: MessageKey, values?: MessageValues) => i18n._(id, values);
  return {
    locale,
    i18n,
    t,
    say: (message) => t(message.id, message.values),
    money: (cents, currency) => inStyle(cents, currency, 2),
    moneyShort: (cents, currency) => inStyle(cents, currency, Number.isInteger(cents) && cents % 100 === 0 ? 0 : 2),
    timeZone,
    date: dateIn(locale, timeZone),
  };
}

/** The same words for a reader in another time zone: a server's words, made once per locale, for one buyer's e-mail. */
export function inTimeZone(words: Words, timeZone: string): Words {
  return { ...words, timeZone, date: dateIn(words.locale, timeZone) };
}

function dateIn(locale: string, timeZone: string): Words['date'] {
  return (value, options = { dateStyle: 'long' }) => new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(new Date(value));
}

let fallback: Words | null = null;

/**
 * The words of a component rendered outside a page that carries its own: English, set by the
 * test setup (tests/setup/vitest.setup.ts). A page without its words shows message ids,
 * which the browser tests would see.
 */
export function fallbackWords(): Words {
  fallback ??= wordsFor('en-US', {}, null);
  return fallback;
}

export function setFallbackWords(words: Words): void {
  fallback = words;
}

/** Each field's problem worded in the reader's language: what a form shows under its fields. */
export function sayEach<F extends string>(
  words: Words,
  problems: Readonly<Partial<Record<F, MessageDescriptor>>>,
): Partial<Record<F, string>> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [field, words.say(problem as MessageDescriptor)]),
  ) as Partial<Record<F, string>>;
}
