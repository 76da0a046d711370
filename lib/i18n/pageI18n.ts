import type { Messages } from '@lingui/core';
import type { MoneyStyles } from './moneyStyle';

/**
 * What a page carries to speak its campaign's locale: the locale, the compiled messages of
 * its namespaces in that language, and how the locale writes each currency.
 */
export interface PageI18n {
  locale: string;
  messages: Messages;
  money: MoneyStyles;
  /** Where the page's reader is, for its dates: the buyer's zone kept with their order; UTC when unknown. */
  timeZone?: string;
}

/** The page's words from its props, when its loader gave it any. */
export function pageI18nOf(pageProps: unknown): PageI18n | null {
  if (typeof pageProps !== 'object' || pageProps === null || !('i18n' in pageProps)) return null;
  const { i18n } = pageProps as { i18n: unknown };
  return typeof i18n === 'object' && i18n !== null && 'locale' in i18n ? (i18n as PageI18n) : null;
}
