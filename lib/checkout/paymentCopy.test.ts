import { describe, expect, it } from 'vitest';
import { firstChargeNote, renewalTerms, submitLabel } from './paymentCopy';

const yearly = { trialOffer: false, trialDays: null, billingInterval: 'year', totalAmount: 5000, discountedAmount: 2500 } as const;
const trial = { trialOffer: true, trialDays: 30, billingInterval: 'year', totalAmount: 2999, discountedAmount: null } as const;

describe('submitLabel', () => {
  it.each([
    [yearly, 2500, 'USD', 'Subscribe for $25.00'],
    [yearly, 0, 'USD', 'Subscribe for $0.00'],
    [yearly, null, 'USD', 'Subscribe'],
    [yearly, 1999, 'GBP', 'Subscribe for £19.99'],
    [trial, 0, 'USD', 'Start free trial'],
  ] as const)('%j with total %s %s → %s', (offer, total, currency, expected) => {
    expect(submitLabel(offer, total, currency)).toBe(expected);
  });
});

describe('firstChargeNote', () => {
  it('gives a trial the date and amount of its first charge', () => {
    expect(firstChargeNote(trial, 0, 'USD', '2026-11-22')).toBe(
      'Nothing is charged today. Your free trial ends on December 22, 2026; your card is then charged $29.99 plus any applicable tax, unless you cancel before.',
    );
  });

  it('says why a free order still asks for a card', () => {
    expect(firstChargeNote(yearly, 0, 'USD', '2026-11-22')).toBe(
      'Nothing is charged today. We ask for your card so that your subscription can renew on November 22, 2027 at $50.00 plus any applicable tax, unless you cancel before.',
    );
  });

  it('says nothing more when today is charged', () => {
    expect(firstChargeNote(yearly, 2500, 'USD', '2026-11-22')).toBeNull();
  });
});

describe('renewalTerms', () => {
  it("states the renewal price against today's discounted price, and each add-on", () => {
    const terms = renewalTerms(yearly, ['The New Yorker Tote'], 5000, 'USD', '2026-11-22');
    expect(terms.plan).toMatch(
      /^Today you pay \$50\.00\. Your subscription then renews automatically on November 22, 2027 and every year after that at \$50\.00 plus/,
    );
    expect(terms.addOns).toEqual(['The New Yorker Tote is charged once, today, and does not renew.']);
  });

  it('starts a trial from nothing today', () => {
    expect(renewalTerms(trial, [], 0, 'USD', '2026-11-22').plan).toMatch(
      /^Your free trial costs nothing today\. Your subscription then starts on December 22, 2026 and renews automatically every year after that at \$29\.99/,
    );
  });
});
