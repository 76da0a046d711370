import type { Offer } from '@/lib/catalogue/types';
import { amountWithTax, type TaxWording } from '@/lib/i18n/priceOverTime';
import type { Words } from '@/lib/i18n/words';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';
import { nextChargeDate, type IsoDate } from '@/lib/pricing/renewalDates';
import { netOfVat } from '@/lib/pricing/reverseCharge';
import type { TaxRate } from '@/lib/pricing/tax';
import { marketWordingOf } from './marketWording';

type TermsOffer = Pick<Offer, 'trialOffer' | 'trialDays' | 'billingInterval' | 'totalAmount' | 'discountedAmount'>;

/**
 * How the renewal terms say the tax of an order: included where its rate holds the tax (VAT
 * in the EU and the UK), else added (worked out on top, as US and Canadian sales taxes are),
 * or left to the business a sale without VAT is made to. The page and the consent the server
 * keeps both take it from the order's rate.
 */
export function renewalTaxWording(taxRate: Pick<TaxRate, 'inclusive' | 'exemption'>): TaxWording {
  if (taxRate.exemption) return 'exempt';
  return taxRate.inclusive ? 'included' : 'added';
}

/**
 * What a subscription's renewal charges as its subscriber reads it: its price with its tax as
 * its purchase's market says it (`taxIncluded`), or, where the renewal's rate exempts a
 * business (renewalTaxRate), its price net of the VAT it holds, the VAT left to the business.
 */
export function renewalCharge(
  renewalAmount: number,
  taxIncluded: boolean,
  renewalRate: Pick<TaxRate, 'exemption'> | null,
): { amount: number; tax: TaxWording } {
  if (renewalRate?.exemption) return { amount: netOfVat(renewalAmount, renewalRate), tax: 'exempt' };
  return { amount: renewalAmount, tax: taxIncluded ? 'included' : 'added' };
}

/**
 * The submit button says what happens: "Start free trial" (nothing due today), or
 * "Subscribe for $20.00" once the total is known ("Subscribe" while it is worked out). A
 * market whose law words the order button has it said so ("Zahlungspflichtig bestellen"),
 * for a trial too: it is an order that obliges the buyer to pay once it ends.
 */
export function submitLabel(words: Words, offer: Pick<Offer, 'trialOffer'>, total: number | null, currencyCode: CurrencyCode): string {
  const { t } = words;
  const statutory = marketWordingOf(words.locale).orderButton;
  if (statutory) return t(statutory);
  if (offer.trialOffer && (total === null || total === 0)) return t('payment.submit.trial');
  return total === null ? t('payment.submit.subscribe') : t('payment.submit.subscribeFor', { amount: words.money(total, currencyCode) });
}

/**
 * Why a card is asked for when nothing is due today, and when it is first charged: a trial
 * states the date and amount of its first charge; a free (100 %-off) order says its card is
 * for the renewal. Null when today's charge is the first one.
 */
export function firstChargeNote(
  words: Words,
  offer: TermsOffer,
  total: number,
  currencyCode: CurrencyCode,
  today: IsoDate,
  tax: TaxWording,
): string | null {
  const { t } = words;
  const renewal = amountWithTax(words, offerRenewalPrice(offer), currencyCode, tax);
  const date = longDate(words.locale, nextChargeDate(offer, today));
  if (offer.trialOffer) {
    const todaySentence =
      total === 0
        ? t('payment.charge.nothingToday')
        : t('payment.charge.addOnsToday', { amount: amountWithTax(words, total, currencyCode, todaysTax(tax)) });
    return `${todaySentence} ${t('payment.charge.trialEnds', { date, amount: renewal })}`;
  }
  if (total === 0) return `${t('payment.charge.nothingToday')} ${t('payment.charge.freeOrder', { date, amount: renewal })}`;
  return null;
}

export interface RenewalTerms {
  /** The plan's renewal against what is paid today. */
  plan: string;
  /** One line per add-on: whether it renews. */
  addOns: string[];
}

/**
 * The automatic-renewal terms every buyer of a renewing offer reads: today's (discounted)
 * price against the renewal price with its tax, the date and period, and what each add-on
 * does. Add-ons are charged once today: the subscription's renewals are the plan's alone.
 * The server keeps the consent to them in these words (lib/server/checkout/submit/record.ts).
 */
export function renewalTerms(
  words: Words,
  offer: TermsOffer,
  addOnNames: readonly string[],
  total: number,
  currencyCode: CurrencyCode,
  today: IsoDate,
  tax: TaxWording,
): RenewalTerms {
  const { t } = words;
  const amount = amountWithTax(words, offerRenewalPrice(offer), currencyCode, tax);
  const date = longDate(words.locale, nextChargeDate(offer, today));
  const todaySentence =
    offer.trialOffer && total === 0
      ? t('payment.terms.trialToday')
      : t('payment.terms.today', { amount: amountWithTax(words, total, currencyCode, todaysTax(tax)) });
  // A trial's first charge starts the subscription; a paid period's end renews it.
  const renewal = t(offer.trialOffer ? 'payment.terms.trialStarts' : 'payment.terms.renews', {
    date,
    interval: offer.billingInterval,
    amount,
  });
  return {
    plan: `${todaySentence} ${renewal} ${t('payment.terms.cancel')}`,
    addOns: addOnNames.map((name) => t('payment.terms.addOn', { name })),
  };
}

/** Today's total already holds any tax added on top (it was worked out before paying): only an included one is said. */
function todaysTax(tax: TaxWording): TaxWording {
  return tax === 'included' ? 'included' : 'none';
}

// One formatter per locale, made at first use: a page's first Intl formatter loads the
// browser's locale data (tens of ms on a phone), and most pages that load this format no date.
const longDates = new Map<string, Intl.DateTimeFormat>();

/** "November 22, 2027", "22. November 2027": the same on the server and in any browser time zone. */
function longDate(locale: string, date: IsoDate): string {
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    longDates.set(locale, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}
