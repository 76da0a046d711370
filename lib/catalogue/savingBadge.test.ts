import { describe, expect, it } from 'vitest';
import { savingBadgeProblem, type BadgedOffer } from './savingBadge';

const offer = (overrides: Partial<BadgedOffer>): BadgedOffer => ({
  currencyCode: 'USD',
  totalAmount: 5000,
  discountedAmount: 2500,
  trialOffer: false,
  trialDays: null,
  savingBadge: null,
  ...overrides,
});
const trial = { trialOffer: true, trialDays: 30, discountedAmount: null, totalAmount: 2999 };

describe('savingBadgeProblem', () => {
  it.each<[string, Partial<BadgedOffer>]>([
    ['no badge', {}],
    ['a badge that claims nothing', { savingBadge: 'Most popular' }],
    ['half price at exactly half', { savingBadge: 'Half price for your first year' }],
    [
      'half price a cent under half (£19.99 of £39.99)',
      { currencyCode: 'GBP', totalAmount: 3999, discountedAmount: 1999, savingBadge: 'Half-price first year' },
    ],
    ['the exact amount saved', { savingBadge: 'Save $25 in your first year' }],
    ['less than the amount saved', { savingBadge: 'Save $20' }],
    ['an amount with cents', { savingBadge: 'Save $24.99' }],
    ['the exact percentage', { savingBadge: 'Save 50%' }],
    [
      'pounds on a GBP offer',
      { currencyCode: 'GBP', totalAmount: 3999, discountedAmount: 1999, savingBadge: 'Save £20 in your first year' },
    ],
    ['a trial named by its length', { ...trial, savingBadge: '30 days free' }],
    ['a trial called free', { ...trial, savingBadge: 'Free trial' }],
    ['a free first period', { discountedAmount: 0, savingBadge: 'First year free' }],
    ['thousands', { totalAmount: 300000, discountedAmount: 100000, savingBadge: 'Save $2,000' }],
  ])('accepts %s', (_case, overrides) => {
    expect(savingBadgeProblem(offer(overrides))).toBeNull();
  });

  it.each<[string, Partial<BadgedOffer>, string]>([
    ['a saving on an offer without introductory price', { discountedAmount: null, savingBadge: 'Save 20%' }, 'states a saving'],
    ['more than the amount saved', { savingBadge: 'Save $30' }, 'more than the first period saves'],
    ['a made-up percentage', { savingBadge: 'Save 60%' }, 'states 60%'],
    ['half price when it is not', { discountedAmount: 3000, savingBadge: 'Half price' }, 'says half price'],
    ['dollars on a GBP offer', { currencyCode: 'GBP', savingBadge: 'Save $10' }, 'priced in GBP'],
    ['an amount saved on a trial', { ...trial, savingBadge: 'Save $29.99' }, 'must not state an amount saved on a trial'],
    ['free when it is not', { savingBadge: 'Free first year' }, 'says free'],
    ['the wrong trial length', { ...trial, savingBadge: '60 days free' }, 'names 60 days'],
  ])('refuses %s', (_case, overrides, problem) => {
    expect(savingBadgeProblem(offer(overrides))).toContain(problem);
  });
});

describe('savingBadgeProblem in German and French', () => {
  const euros = { currencyCode: 'EUR' as const };
  it.each<[string, Partial<BadgedOffer>]>([
    ['euros after the amount', { ...euros, savingBadge: 'Spare 25 € im ersten Jahr' }],
    ['a comma decimal', { ...euros, savingBadge: 'Économisez 24,99 €' }],
    ['half price in German', { ...euros, savingBadge: 'Erstes Jahr zum halben Preis' }],
    ['half price in French', { ...euros, savingBadge: 'Moitié prix la première année' }],
    ['a French percentage', { ...euros, savingBadge: '-50 % la première année' }],
    ['free days of a trial', { ...euros, ...trial, savingBadge: '30 Tage kostenlos' }],
  ])('accepts %s', (_, overrides) => {
    expect(savingBadgeProblem(offer(overrides))).toBeNull();
  });

  it.each<[string, Partial<BadgedOffer>, string]>([
    ['more euros than saved', { ...euros, savingBadge: 'Spare 30 € im ersten Jahr' }, 'states "30 €", more than the first period saves'],
    ['a grouped amount', { ...euros, savingBadge: 'Économisez 1.000,00 €' }, 'states "1.000,00 €", more than'],
    ['dollars on a euro offer', { ...euros, savingBadge: 'Économisez 20 $' }, 'but the offer is priced in EUR'],
    ['half price in German that is not', { ...euros, discountedAmount: 3000, savingBadge: 'Zum halben Preis' }, 'says half price'],
    ['free in French on a paid offer', { ...euros, savingBadge: 'Premier mois gratuit' }, 'says free'],
    [
      'the wrong number of trial days',
      { ...euros, ...trial, savingBadge: '14 jours gratuits' },
      'names 14 days, but the trial lasts 30 days',
    ],
  ])('refuses %s', (_, overrides, problem) => {
    expect(savingBadgeProblem(offer(overrides))).toContain(problem);
  });
});
