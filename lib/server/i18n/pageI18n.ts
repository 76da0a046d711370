import { languageOf } from '@/lib/i18n/locales';
import { moneyStylesOf, type MoneyStyles } from '@/lib/i18n/moneyStyle';
import type { Namespace } from '@/lib/i18n/namespaces';
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

/** What a page in `locale` carries: `common` and the namespaces it reads. */
export function pageI18n(locale: string, namespaces: readonly Namespace[]): PageI18n {
  return { locale, messages: compiledMessages(languageOf(locale), namespaces), money: moneyStyles(locale) };
}

/** Every word of a locale, for what the server words itself: e-mails and API errors. */
export function serverWords(locale: string): Words {
  return wordsFor(locale, allCompiledMessages(languageOf(locale)), moneyStyles(locale));
}
