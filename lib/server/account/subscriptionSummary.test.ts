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

  it('carries facts, never sentences', () => {
    const summary = summaryOf({});
    expect(summary).not.toHaveProperty('statusText');
    expect(summary).not.toHaveProperty('nextCharge');
    expect(summary).not.toHaveProperty('pastDue');
  });
});
