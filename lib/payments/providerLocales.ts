import type { StripeElementLocale } from '@stripe/stripe-js';
import { languageOf } from '@/lib/i18n/locales';

/**
 * The page's locale as each payment provider's own UI takes it, so that the card fields,
 * PayPal's buttons and window and Amazon Pay's pages speak the buyer's language. Each
 * provider knows a set of its own; a locale it does not know is given as its nearest one
 * (the language in the provider's default country), never one it would refuse.
 */

/** Stripe Elements' locales for the catalogues' languages (StripeElementLocale). */
const STRIPE_LOCALES: readonly StripeElementLocale[] = ['en', 'en-GB', 'en-CA', 'en-AU', 'en-NZ', 'de', 'fr', 'fr-CA', 'fr-FR'];

/** Stripe Elements' `locale`: the region's own where Stripe has it ("fr-CA"), else the language ("de" for de-AT). */
export function stripeLocale(locale: string): StripeElementLocale {
  return STRIPE_LOCALES.find((known) => known === locale) ?? languageOf(locale);
}

/**
 * PayPal's JS SDK `locale`, language_COUNTRY: the pairs PayPal lists for the countries our
 * languages are sold in (developer.paypal.com/reference/locale-codes). The SDK refuses a pair
 * it does not list, so any other is its language in PayPal's home country for it.
 */
const PAYPAL_LOCALES: readonly string[] = [
  'en_US',
  'en_GB',
  'en_CA',
  'en_AU',
  'de_DE',
  'de_AT',
  'de_CH',
  'fr_FR',
  'fr_CA',
  'fr_CH',
  'fr_BE',
];
const PAYPAL_DEFAULTS = { en: 'en_US', de: 'de_DE', fr: 'fr_FR' } as const;

export function paypalLocale(locale: string): string {
  const wanted = locale.replace('-', '_');
  return PAYPAL_LOCALES.includes(wanted) ? wanted : PAYPAL_DEFAULTS[languageOf(locale)];
}

/**
 * Amazon Pay's `checkoutLanguage`, which its merchant's region bounds: a US merchant's
 * checkout speaks en_US only, an EU or UK merchant's en_GB, de_DE, fr_FR (also it_IT, es_ES),
 * a Japanese merchant's ja_JP (Amazon Pay's "Amazon Pay script" reference).
 */
export type AmazonPayRegion = 'na' | 'eu' | 'jp';
const AMAZON_EU_LANGUAGES = { en: 'en_GB', de: 'de_DE', fr: 'fr_FR' } as const;

export function amazonPayCheckoutLanguage(locale: string, region: AmazonPayRegion): string {
  if (region === 'na') return 'en_US';
  if (region === 'jp') return 'ja_JP';
  return AMAZON_EU_LANGUAGES[languageOf(locale)];
}
