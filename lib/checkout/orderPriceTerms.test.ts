import { describe, expect, it } from 'vitest';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import { fallbackWords } from '@/lib/i18n/words';
import { orderPriceTerms } from './orderPriceTerms';
import type { OrderSnapshot } from './transactionView';

const offer: OrderSnapshot['offer'] = {
  id: '1001',
  uuid: '5a1e0000-0000-4000-8000-0000000003e9',
  name: 'Vogue Digital',
  description: 'Vogue Digital: one year',
  billingInterval: 'year',
  trialOffer: false,
  trialDays: null,
  isPrintOffer: false,
  renewalAmount: 5000,
};
const trial = { ...offer, id: '3001', trialOffer: true, trialDays: 30, renewalAmount: 2999 };
const words = (...args: Parameters<typeof orderPriceTerms>) => {
  const terms = orderPriceTerms(...args);
  return terms && priceOverTime(fallbackWords(), terms);
};

describe('orderPriceTerms', () => {
  it('takes the terms the quote line kept', () => {
    const terms = {
      currencyCode: 'USD',
      billingInterval: 'year',
      firstAmount: 2500,
      renewalAmount: 5000,
      trialOffer: false,
      trialDays: null,
    } as const;
    expect(orderPriceTerms(offer, [{ offerId: '1001', name: 'Vogue Digital', amount: 2500, terms }], 'USD')).toBe(terms);
  });

  it('words an order kept before lines carried terms from its offer and its line', () => {
    expect(words(offer, [{ offerId: '1001', name: 'Vogue Digital', amount: 2500 }], 'USD')).toBe('First year $25, then $50 a year');
    expect(words(trial, [{ offerId: '3001', name: 'WIRED', amount: 0 }], 'USD')).toBe('Free for 30 days, then $29.99 a year');
    expect(words(offer, [{ offerId: '1001', name: 'GQ', amount: 1999 }], 'GBP')).toBe('First year £19.99, then £50 a year');
  });

  it("states a renewal invoice at the renewal price, not the purchase's trial or introductory price", () => {
    expect(words(trial, [{ offerId: '3001', name: 'WIRED', amount: 2999 }], 'USD', 'renewal')).toBe('$29.99 a year');
    expect(words(offer, [{ offerId: '1001', name: 'Vogue Digital', amount: 5000 }], 'USD', 'renewal')).toBe('$50 a year');
  });

  it('has nothing to say when the plan has no line', () => {
    expect(orderPriceTerms(offer, [{ offerId: '2101', name: 'Tote', amount: 2500 }], 'USD')).toBeNull();
  });
});
