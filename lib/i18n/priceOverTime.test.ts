import { describe, expect, it } from 'vitest';
import type { PriceTerms } from '@/lib/pricing/introductoryPrice';
import { pageI18n } from '@/lib/server/i18n/pageI18n';
import { priceOverTime } from './priceOverTime';
import { fallbackWords, wordsFor } from './words';

const terms = (overrides: Partial<PriceTerms>): PriceTerms => ({
  currencyCode: 'USD',
  billingInterval: 'year',
  firstAmount: 5000,
  renewalAmount: 5000,
  trialOffer: false,
  trialDays: null,
  ...overrides,
});

const wordsIn = (locale: string) => {
  const page = pageI18n(locale, ['price']);
  return wordsFor(page.locale, page.messages, page.money);
};

describe('priceOverTime in English', () => {
  it.each<[string, Partial<PriceTerms>, string]>([
    ['a yearly introductory price', { firstAmount: 2500, renewalAmount: 5000 }, 'First year $25, then $50 a year'],
    [
      'a monthly introductory price',
      { billingInterval: 'month', firstAmount: 100, renewalAmount: 1000 },
      'First month $1, then $10 a month',
    ],
    ['a yearly trial', { trialOffer: true, trialDays: 30, firstAmount: 0, renewalAmount: 5000 }, 'Free for 30 days, then $50 a year'],
    [
      'a monthly trial',
      { billingInterval: 'month', trialOffer: true, trialDays: 14, firstAmount: 0, renewalAmount: 999 },
      'Free for 14 days, then $9.99 a month',
    ],
    ['a one-day trial', { trialOffer: true, trialDays: 1, firstAmount: 0 }, 'Free for 1 day, then $50 a year'],
    ['a trial without a length', { trialOffer: true, trialDays: null, firstAmount: 0 }, 'Free trial, then $50 a year'],
    ['no introductory price, yearly', {}, '$50 a year'],
    ['no introductory price, monthly', { billingInterval: 'month', firstAmount: 1299, renewalAmount: 1299 }, '$12.99 a month'],
    ['cents in both prices', { firstAmount: 14999, renewalAmount: 19999 }, 'First year $149.99, then $199.99 a year'],
    ['whole first, cents later', { firstAmount: 14900, renewalAmount: 19999 }, 'First year $149, then $199.99 a year'],
    ['a free first year', { firstAmount: 0, renewalAmount: 5000 }, 'First year free, then $50 a year'],
    ['pounds', { currencyCode: 'GBP', firstAmount: 1200, renewalAmount: 2400 }, 'First year £12, then £24 a year'],
    [
      'euros',
      { currencyCode: 'EUR', billingInterval: 'month', firstAmount: 150, renewalAmount: 900 },
      'First month €1.50, then €9 a month',
    ],
    ['Canadian dollars', { currencyCode: 'CAD', firstAmount: 2500, renewalAmount: 5000 }, 'First year $25, then $50 a year'],
    ['thousands', { firstAmount: 100000, renewalAmount: 150000 }, 'First year $1,000, then $1,500 a year'],
    ['nothing to pay ever', { firstAmount: 0, renewalAmount: 0 }, 'Free'],
    ['a first period dearer than renewals is said as it is', { firstAmount: 6000, renewalAmount: 5000 }, 'First year $60, then $50 a year'],
  ])('words %s', (_case, overrides, expected) => {
    expect(priceOverTime(fallbackWords(), terms(overrides))).toBe(expected);
  });
});

describe('priceOverTime in German and French', () => {
  const euros = { currencyCode: 'EUR' as const };
  it.each<[string, string, Partial<PriceTerms>, string]>([
    ['de-DE', 'an introductory year', { ...euros, firstAmount: 2500 }, 'Erstes Jahr 25\u00a0€, danach 50\u00a0€ pro Jahr'],
    [
      'de-DE',
      'a trial of one day',
      { ...euros, trialOffer: true, trialDays: 1, firstAmount: 0 },
      '1 Tag kostenlos, danach 50\u00a0€ pro Jahr',
    ],
    [
      'de-DE',
      'a monthly price with cents',
      { ...euros, billingInterval: 'month', firstAmount: 999, renewalAmount: 999 },
      '9,99\u00a0€ pro Monat',
    ],
    [
      'fr-FR',
      'an introductory month',
      { ...euros, billingInterval: 'month', firstAmount: 0, renewalAmount: 900 },
      'Premier mois gratuit, puis 9\u00a0€ par mois',
    ],
    ['fr-FR', 'a trial', { ...euros, trialOffer: true, trialDays: 30, firstAmount: 0 }, 'Gratuit pendant 30 jours, puis 50\u00a0€ par an'],
    ['fr-CA', 'Canadian dollars', { currencyCode: 'CAD', firstAmount: 123450, renewalAmount: 123450 }, '1\u00a0234,50\u00a0$ par an'],
  ])('words in %s %s', (locale, _case, overrides, expected) => {
    expect(priceOverTime(wordsIn(locale), terms(overrides))).toBe(expected);
  });

  it('says the tax as each market does', () => {
    const year = terms({ currencyCode: 'EUR', firstAmount: 2500 });
    expect(priceOverTime(wordsIn('de-DE'), year, 'included')).toBe('Erstes Jahr 25\u00a0€, danach 50\u00a0€ pro Jahr, inkl. MwSt.');
    expect(priceOverTime(wordsIn('fr-FR'), year, 'included')).toBe('Première année 25\u00a0€, puis 50\u00a0€ par an, TVA incluse');
    expect(priceOverTime(wordsIn('en-GB'), terms({ currencyCode: 'GBP' }), 'included')).toBe('£50 a year, including VAT');
    expect(priceOverTime(wordsIn('en-CA'), terms({ currencyCode: 'CAD' }), 'added')).toBe('$50 a year, plus any applicable tax');
  });
});
