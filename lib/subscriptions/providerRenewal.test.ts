import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DAYS } from './renewalPolicy';
import { nextPaymentStep, type StepState } from './renewalSteps';

const POLICY = { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 };
const END = '2027-11-21T12:00:00.000Z';
const state = (overrides: Partial<StepState> = {}): StepState => ({
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: END,
  dunning: { pastDueSince: null, retryAt: null, tries: 0 },
  chargedByUs: false,
  currentPeriodStart: '2027-10-21T12:00:00.000Z',
  introductoryUntil: null,
  createdAt: '2027-10-21T12:00:00.000Z',
  noticesSent: new Set(),
  billingInterval: 'month',
  renewalAmount: 1000,
  catalogueRenewalAmount: 1000,
  pendingPrice: null,
  needsCard: false,
  billingCountry: 'US',
  ...overrides,
});
const daysAfterEnd = (days: number) => new Date(Date.parse(END) + days * 24 * 3600_000).toISOString();

describe('a provider that renews by itself', () => {
  it('has no step of ours while it renews: its events move the record', () => {
    expect(nextPaymentStep(state(), POLICY)).toBeNull();
    expect(nextPaymentStep(state({ status: 'past_due', dunning: { pastDueSince: END, retryAt: null, tries: 1 } }), POLICY)).toBeNull();
  });

  it('ends at the period end once cancelled (cancelling it at the provider first)', () => {
    expect(nextPaymentStep(state({ cancelAtPeriodEnd: true }), POLICY)).toEqual({ kind: 'end', at: END });
    expect(nextPaymentStep(state({ cancelAtPeriodEnd: true, providerSandbox: true }), POLICY)).toEqual({ kind: 'end', at: END });
  });

  it('its sandbox renews at the period end, then at the provider’s retries 5 and 10 days after the first failure', () => {
    const sandbox = (overrides: Partial<StepState> = {}) => state({ providerSandbox: true, ...overrides });
    expect(nextPaymentStep(sandbox(), POLICY)).toEqual({ kind: 'provider-renewal', at: END });
    const pastDue = (tries: number) => sandbox({ status: 'past_due', dunning: { pastDueSince: END, retryAt: null, tries } });
    expect(nextPaymentStep(pastDue(1), POLICY)).toEqual({ kind: 'provider-renewal', at: daysAfterEnd(5) });
    expect(nextPaymentStep(pastDue(2), POLICY)).toEqual({ kind: 'provider-renewal', at: daysAfterEnd(10) });
    // The third failure suspends it at the provider: nothing left to ask.
    expect(nextPaymentStep(pastDue(3), POLICY)).toBeNull();
    expect(nextPaymentStep(sandbox({ status: 'ended' }), POLICY)).toBeNull();
  });
});
