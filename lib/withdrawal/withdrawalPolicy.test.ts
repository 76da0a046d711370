import { describe, expect, it } from 'vitest';
import {
  automaticWithdrawalAt,
  EU_COUNTRIES,
  OBJECTION_WINDOW_DAYS,
  REFUND_DEADLINE_DAYS,
  hasWithdrawalRight,
  withdrawalDeadline,
  withdrawalEligibility,
  WITHDRAWAL_COUNTRIES,
  type WithdrawalFacts,
} from './withdrawalPolicy';

const PAID = '2026-11-20T09:00:00.000Z';
const facts = (overrides: Partial<WithdrawalFacts> = {}): WithdrawalFacts => ({
  kind: 'purchase',
  status: 'succeeded',
  billingCountry: 'DE',
  paidAt: PAID,
  total: 2500,
  refunded: 0,
  withdrawn: false,
  ended: false,
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('withdrawal countries', () => {
  it('are the 27 EU member states and the United Kingdom', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(new Set(EU_COUNTRIES).size).toBe(27);
    expect(WITHDRAWAL_COUNTRIES).toHaveLength(28);
    for (const country of ['DE', 'FR', 'IE', 'GR', 'HR', 'GB', 'fr']) expect(hasWithdrawalRight(country)).toBe(true);
  });

  it('leave out the rest of the world, the EEA outside the EU and Switzerland included', () => {
    for (const country of ['US', 'CA', 'CH', 'NO', 'IS', 'LI', 'AU', 'EL', 'UK', '']) expect(hasWithdrawalRight(country)).toBe(false);
  });
});

describe('withdrawalEligibility', () => {
  it('allows a paid EU or UK purchase within 14 days, until 14 days after it was paid', () => {
    expect(withdrawalEligibility(facts(), at('2026-11-27T09:00:00.000Z'))).toEqual({ eligible: true, until: '2026-12-04T09:00:00.000Z' });
    expect(withdrawalEligibility(facts({ billingCountry: 'GB' }), at(PAID)).eligible).toBe(true);
    expect(withdrawalDeadline(PAID)).toBe('2026-12-04T09:00:00.000Z');
  });

  it('has passed at exactly 14 days, and not a millisecond before', () => {
    expect(withdrawalEligibility(facts(), at('2026-12-04T08:59:59.999Z')).eligible).toBe(true);
    expect(withdrawalEligibility(facts(), at('2026-12-04T09:00:00.000Z'))).toMatchObject({ eligible: false, reason: 'too_late' });
    expect(withdrawalEligibility(facts(), at('2027-01-01T00:00:00.000Z'))).toMatchObject({ eligible: false, reason: 'too_late' });
  });

  it('refuses a purchase billed outside the EU and the UK, with a human reason', () => {
    const answer = withdrawalEligibility(facts({ billingCountry: 'US' }), at(PAID));
    expect(answer).toMatchObject({ eligible: false, reason: 'outside_eu_uk' });
    expect(!answer.eligible && answer.message).toMatch(/European Union or the United Kingdom/);
  });

  it('refuses what is no paid purchase, refunded in full, withdrawn already or ended', () => {
    const now = at('2026-11-21T00:00:00.000Z');
    expect(withdrawalEligibility(facts({ kind: 'renewal' }), now)).toMatchObject({ reason: 'not_purchase' });
    expect(withdrawalEligibility(facts({ status: 'failed' }), now)).toMatchObject({ reason: 'not_purchase' });
    expect(withdrawalEligibility(facts({ refunded: 2500 }), now)).toMatchObject({ reason: 'refunded' });
    expect(withdrawalEligibility(facts({ refunded: 1000 }), now).eligible).toBe(true);
    expect(withdrawalEligibility(facts({ withdrawn: true, refunded: 2500 }), now)).toMatchObject({ reason: 'withdrawn' });
    expect(withdrawalEligibility(facts({ ended: true }), now)).toMatchObject({ reason: 'ended' });
  });

  it('allows a free trial (nothing paid, nothing to refund) to be withdrawn from', () => {
    expect(withdrawalEligibility(facts({ total: 0 }), at('2026-11-21T00:00:00.000Z')).eligible).toBe(true);
  });
});

describe('automaticWithdrawalAt', () => {
  it('applies a public declaration 3 days after it, well within the 14-day refund deadline counted from it', () => {
    expect(OBJECTION_WINDOW_DAYS).toBe(3);
    expect(automaticWithdrawalAt(PAID)).toBe('2026-11-23T09:00:00.000Z');
    const days = (Date.parse(automaticWithdrawalAt(PAID)) - Date.parse(PAID)) / (24 * 3600_000);
    expect(days).toBeLessThan(REFUND_DEADLINE_DAYS);
  });
});
