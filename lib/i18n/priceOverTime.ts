import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PriceTerms } from '@/lib/pricing/introductoryPrice';
import type { Words } from './words';

/**
 * How a price's tax is said: included where the price holds it (VAT in the EU and the UK),
 * added where it is worked out on top (US and Canadian sales taxes), exempt where a business
 * accounts for the VAT itself (lib/pricing/reverseCharge.ts), or not at all.
 */
export type TaxWording = 'included' | 'added' | 'exempt' | 'none';

const PRICE_TAX_KEYS = { included: 'price.tax.included', added: 'price.tax.added', exempt: 'price.tax.exempt' } as const;

/**
 * The one wording of a price over time, for every market and page: "First year $25, then
 * $50 a year", "Erstes Jahr 25 €, danach 50 € pro Jahr, inkl. MwSt.". The saving is stated
 * only against the offer's own renewal price, never a "was" price.
 */
export function priceOverTime(words: Words, terms: PriceTerms, tax: TaxWording = 'none'): string {
  const { t } = words;
  const money = (cents: number) => words.moneyShort(cents, terms.currencyCode);
  const interval = terms.billingInterval;
  const renewal = terms.renewalAmount === 0 ? t('price.free') : t('price.every', { interval, amount: money(terms.renewalAmount) });
  let line: string;
  if (terms.trialOffer) {
    line = terms.trialDays ? t('price.line.trial', { days: terms.trialDays, renewal }) : t('price.line.trialOpen', { renewal });
  } else if (terms.firstAmount === terms.renewalAmount) {
    line = terms.renewalAmount === 0 ? t('price.line.free') : t('price.line.flat', { renewal });
  } else {
    line = t('price.line.intro', { interval, first: terms.firstAmount === 0 ? t('price.free') : money(terms.firstAmount), renewal });
  }
  return tax === 'none' ? line : t(PRICE_TAX_KEYS[tax], { price: line });
}

/** The one wording of an amount with its tax as the market says it: "$50.00 plus any applicable tax", "50,00 € (inkl. MwSt.)". */
export function amountWithTax(words: Words, cents: number, currencyCode: CurrencyCode, tax: TaxWording): string {
  return words.t('price.amountWithTax', { amount: words.money(cents, currencyCode), tax });
}
