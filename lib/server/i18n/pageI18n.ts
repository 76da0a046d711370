import { languageOf } from '@/lib/i18n/locales';
import { moneyStylesOf, type MoneyStyles } from '@/lib/i18n/moneyStyle';
import type { PageWords } from '@/lib/i18n/namespaces';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import { wordsFor, type Words } from '@/lib/i18n/words';
import { allCompiledMessages, compiledMessages } from './compiledMessages';

const styles = new Map<string, MoneyStyles>();

function moneyStyles(locale: string): MoneyStyles {
  let found = styles.get(locale);
  if (!found) {
    found = moneyStylesOf(locale);
    styles.set(locale, found);
  }
  return found;
}

/** What a page in `locale` carries: `common` and the namespaces (or slices) it reads; dates in `timeZone` when given. */
export function pageI18n(locale: string, namespaces: readonly PageWords[], timeZone?: string): PageI18n {
  const page: PageI18n = { locale, messages: compiledMessages(languageOf(locale), namespaces), money: moneyStyles(locale) };
  return timeZone ? { ...page, timeZone } : page;
}

const wordsByLocale = new Map<string, Words>();

/**
 * Every word of a locale, for what the server words itself: e-mails and API errors. Made
 * once per locale: a checkout words its consent and answer several times, and merging every
 * namespace into a fresh instance each time held the event loop in a burst of submits.
 */
export function serverWords(locale: string): Words {
  let words = wordsByLocale.get(locale);
  if (!words) {
    words = wordsFor(locale, allCompiledMessages(languageOf(locale)), moneyStyles(locale));
    wordsByLocale.set(locale, words);
  }
  return words;
}
