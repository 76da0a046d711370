import { describe, expect, it } from 'vitest';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { MID_PERIOD, PERIOD_END, subscription } from '@/tests/fixtures/lifecycleStates';
import { subscriptionSummary } from './subscriptionSummary';

const summaryOf = (overrides: Partial<Subscription>) =>
  subscriptionSummary({ ...subscription(), ...overrides } as Subscription, 'Vogue', [], new Date(MID_PERIOD));

describe('subscriptionSummary', () => {
  it('says the next charge’s tax by its purchase’s rule: in the price, or added to it', () => {
    expect(summaryOf({ taxIncluded: true }).facts.nextCharge).toEqual({
      at: PERIOD_END,
      amount: 990,
      currencyCode: 'EUR',
      tax: 'included',
    });
    expect(summaryOf({ taxIncluded: false, locale: 'de-DE' }).facts.nextCharge?.tax).toBe('added');
  });

  it('says a business charged no VAT its next charge net of the VAT the price holds, and whether verifying its number would exempt it', () => {
    const austrian = { companyName: 'Acme GmbH', vatNumber: 'ATU12345678', country: 'AT', vatStatus: 'verified' as const };
    const sold = { taxIncluded: true, brandSlug: 'gq', locale: 'de-DE', business: austrian };
    const rate = { exemption: { ground: 'reverse-charge', includedRate: 0.1 } } as const;
    const summary = subscriptionSummary({ ...subscription(), ...sold } as Subscription, 'GQ', [], new Date(MID_PERIOD), false, rate);
    // €9.90 including 10 %: €9.00.
    expect(summary.facts.nextCharge).toMatchObject({ amount: 900, tax: 'exempt' });
    expect(summary.business).toEqual({ ...austrian, exemptWhenVerified: true });
    expect(summaryOf({ ...sold, business: { ...austrian, country: 'DE', vatNumber: 'DE123456789' } }).business?.exemptWhenVerified).toBe(
      false,
    );
  });

  it('carries facts, never sentences', () => {
    const summary = summaryOf({});
    expect(summary).not.toHaveProperty('statusText');
    expect(summary).not.toHaveProperty('nextCharge');
    expect(summary).not.toHaveProperty('pastDue');
  });
});
