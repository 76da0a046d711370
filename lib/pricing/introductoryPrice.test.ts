import { describe, expect, it } from 'vitest';
import { hasIntroductoryPrice, priceTermsOf, type PriceTerms } from './introductoryPrice';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import { fallbackWords } from '@/lib/i18n/words';

/** The English line, as the offer card says it (lib/i18n/priceOverTime.test.ts words every kind of terms). */
const englishLine = (terms: PriceTerms) => priceOverTime(fallbackWords(), terms);

describe('priceTermsOf', () => {
  const offer = { currencyCode: 'USD' as const, billingInterval: 'year' as const, trialDays: null, trialOffer: false };

  it('takes an introductory price from the discounted amount and renews at the full price', () => {
    const priced = priceTermsOf({ ...offer, totalAmount: 5000, discountedAmount: 2500 });
    expect(priced).toMatchObject({ firstAmount: 2500, renewalAmount: 5000 });
    expect(englishLine(priced)).toBe('First year $25, then $50 a year');
    expect(hasIntroductoryPrice(priced)).toBe(true);
  });

  it('words a trial from the price its terms state (its discounted amount when it has one)', () => {
    const priced = priceTermsOf({ ...offer, trialOffer: true, trialDays: 30, totalAmount: 8000, discountedAmount: 5000 });
    expect(englishLine(priced)).toBe('Free for 30 days, then $50 a year');
    expect(hasIntroductoryPrice(priced)).toBe(true);
  });

  it('has no introductory price when today costs what renewals do', () => {
    const priced = priceTermsOf({ ...offer, totalAmount: 5000, discountedAmount: null });
    expect(englishLine(priced)).toBe('$50 a year');
    expect(hasIntroductoryPrice(priced)).toBe(false);
  });
});
