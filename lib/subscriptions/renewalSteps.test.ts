import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DAYS, type DunningPolicy } from './renewalPolicy';
import { noticeKey } from './renewalNotices';
import { dueStep, nextStep, type RenewalStep, type StepState } from './renewalSteps';

const POLICY: DunningPolicy = { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 };
const PERIOD_END = '2026-11-26T10:00:00.000Z';
const day = (days: number) => new Date(Date.parse(PERIOD_END) + days * 24 * 3600_000).toISOString();

const active: StepState = {
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: PERIOD_END,
  dunning: { pastDueSince: null, retryAt: null },
  chargedByUs: true,
  // A month's term, bought a month ago at its price: no notice falls before these steps.
  currentPeriodStart: day(-30),
  introductoryUntil: null,
  createdAt: day(-30),
  noticesSent: new Set(),
  billingInterval: 'month',
  renewalAmount: 1000,
  catalogueRenewalAmount: 1000,
  pendingPrice: null,
  needsCard: false,
  billingCountry: 'US',
};
/** The subscription's clock when the next step is asked for: before its period end. */
const CLOCK = new Date(day(-1));
/** Past due since its period end, with its next try. */
const pastDue = (retryAt: string | null): StepState => ({
  ...active,
  status: 'past_due',
  dunning: { pastDueSince: PERIOD_END, retryAt },
});

describe('nextStep', () => {
  it('has nothing left for an ended subscription, whatever else it holds', () => {
    expect(nextStep({ ...active, status: 'ended' }, POLICY, CLOCK)).toBeNull();
    expect(nextStep({ ...pastDue(day(1)), status: 'ended', cancelAtPeriodEnd: true }, POLICY, CLOCK)).toBeNull();
  });

  it('charges an active or trialing subscription at its period end', () => {
    expect(nextStep(active, POLICY, CLOCK)).toEqual({ kind: 'charge', at: PERIOD_END });
    expect(nextStep({ ...active, status: 'trialing' }, POLICY, CLOCK)).toEqual({ kind: 'charge', at: PERIOD_END });
  });

  it('ends a cancelled subscription at its period end, also while past due (no retry then)', () => {
    expect(nextStep({ ...active, cancelAtPeriodEnd: true }, POLICY, CLOCK)).toEqual({ kind: 'end', at: PERIOD_END });
    expect(nextStep({ ...pastDue(day(1)), cancelAtPeriodEnd: true }, POLICY, CLOCK)).toEqual({ kind: 'end', at: PERIOD_END });
  });

  it('leaves one its provider renews by itself to the provider’s events, unless it is cancelled; its notices are ours', () => {
    // The yearly reminder of a month's term, on the purchase's anniversary.
    expect(nextStep({ ...active, chargedByUs: false }, POLICY, CLOCK)).toEqual({
      kind: 'notice',
      notice: 'yearly-reminder',
      about: '2027-10-27T10:00:00.000Z',
      at: '2027-10-27T10:00:00.000Z',
    });
    expect(nextStep({ ...pastDue(day(1)), chargedByUs: false }, POLICY, CLOCK)).toBeNull();
    expect(nextStep({ ...active, chargedByUs: false, cancelAtPeriodEnd: true }, POLICY, CLOCK)).toEqual({ kind: 'end', at: PERIOD_END });
  });

  it('retries a past-due subscription at its next try, before the dunning ends', () => {
    expect(nextStep(pastDue(day(1)), POLICY, CLOCK)).toEqual({ kind: 'charge', at: day(1) });
    expect(nextStep(pastDue(day(7)), POLICY, CLOCK)).toEqual({ kind: 'charge', at: day(7) });
  });

  it('takes a retry on the dunning’s last day before the end it would avert', () => {
    expect(nextStep(pastDue(day(14)), POLICY, CLOCK)).toEqual({ kind: 'charge', at: day(14) });
  });

  it('ends it unpaid on the last day when no try is left, or the next one would come after the end', () => {
    expect(nextStep(pastDue(null), POLICY, CLOCK)).toEqual({ kind: 'expire', at: day(14) });
    expect(nextStep(pastDue(day(15)), POLICY, CLOCK)).toEqual({ kind: 'expire', at: day(14) });
  });
});

describe('dueStep', () => {
  it('is the next step once the subscription’s clock has reached it, and not a moment before', () => {
    const at = new Date(PERIOD_END);
    expect(dueStep(active, POLICY, new Date(at.getTime() - 1))).toBeNull();
    expect(dueStep(active, POLICY, at)).toEqual({ kind: 'charge', at: PERIOD_END });
    expect(dueStep(active, POLICY, new Date(day(30)))).toEqual({ kind: 'charge', at: PERIOD_END });
  });

  it('waits for a past-due subscription’s retry, then for its end', () => {
    expect(dueStep(pastDue(day(3)), POLICY, new Date(day(2)))).toBeNull();
    expect(dueStep(pastDue(day(3)), POLICY, new Date(day(3)))).toEqual({ kind: 'charge', at: day(3) });
    expect(dueStep(pastDue(null), POLICY, new Date(day(13)))).toBeNull();
    expect(dueStep(pastDue(null), POLICY, new Date(day(14)))).toEqual({ kind: 'expire', at: day(14) });
  });

  it('is never due when nothing is next', () => {
    expect(dueStep({ ...active, status: 'ended' }, POLICY, new Date(day(400)))).toBeNull();
    expect(dueStep({ ...active, chargedByUs: false, cancelAtPeriodEnd: true, status: 'ended' }, POLICY, new Date(day(400)))).toBeNull();
  });
});

describe('the notices of the market it is billed to', () => {
  const yearly: StepState = { ...active, currentPeriodStart: day(-365), createdAt: day(-365), billingInterval: 'year' };

  it('gives a year billed to France its L215-1 reminder 45 days before, with the day before the renewal to refuse it by', () => {
    expect(nextStep({ ...yearly, billingCountry: 'FR' }, POLICY, new Date(day(-100)))).toEqual({
      kind: 'notice',
      notice: 'renewal',
      about: PERIOD_END,
      at: day(-45),
      refuseBy: '2026-11-25',
    });
  });

  it('gives one billed to the US, elsewhere or nowhere known the US notice, as before', () => {
    for (const billingCountry of ['US', 'DE', null]) {
      expect(nextStep({ ...yearly, billingCountry }, POLICY, new Date(day(-100)))).toEqual({
        kind: 'notice',
        notice: 'renewal',
        about: PERIOD_END,
        at: day(-30),
      });
    }
  });
});

describe('asking for a card', () => {
  /** Nothing saved to charge its renewal with. */
  const cardless: StepState = { ...active, needsCard: true };
  const asked: RenewalStep = { kind: 'notice', notice: 'card-needed', about: PERIOD_END, at: day(-7) };

  it('is due 7 days before a renewal we cannot charge, ahead of the charge', () => {
    expect(nextStep(cardless, POLICY, new Date(day(-20)))).toEqual(asked);
    expect(dueStep(cardless, POLICY, new Date(Date.parse(day(-7)) - 1))).toBeNull();
    expect(dueStep(cardless, POLICY, new Date(day(-7)))).toEqual(asked);
    expect(nextStep({ ...cardless, status: 'trialing' }, POLICY, new Date(day(-20)))).toEqual(asked);
  });

  it('is due at once when the record is found later, but no more from the renewal on (its failure e-mail asks then)', () => {
    expect(dueStep(cardless, POLICY, new Date(day(-2)))).toEqual(asked);
    expect(dueStep(cardless, POLICY, new Date(PERIOD_END))).toEqual({ kind: 'charge', at: PERIOD_END });
  });

  it('is sent once per renewal date', () => {
    const sent: StepState = { ...cardless, noticesSent: new Set([noticeKey('card-needed', PERIOD_END)]) };
    expect(nextStep(sent, POLICY, new Date(day(-2)))).toEqual({ kind: 'charge', at: PERIOD_END });
    // Another renewal date is another notice.
    const later: StepState = { ...sent, currentPeriodStart: PERIOD_END, currentPeriodEnd: day(30) };
    expect(nextStep(later, POLICY, new Date(day(1)))).toEqual({ ...asked, about: day(30), at: day(23) });
  });

  it('follows the notice the law asks for a year’s term, each on its own day', () => {
    const yearly: StepState = { ...cardless, currentPeriodStart: day(-365), createdAt: day(-365), billingInterval: 'year' };
    expect(nextStep(yearly, POLICY, new Date(day(-60)))).toEqual({ kind: 'notice', notice: 'renewal', about: PERIOD_END, at: day(-30) });
    const noticed: StepState = { ...yearly, noticesSent: new Set([noticeKey('renewal', PERIOD_END)]) };
    expect(nextStep(noticed, POLICY, new Date(day(-30)))).toEqual(asked);
  });

  it('is not sent when a card is held, nor to one cancelled, past due, or renewed by PayPal', () => {
    const early = new Date(day(-20));
    expect(nextStep({ ...cardless, needsCard: false }, POLICY, early)).toEqual({ kind: 'charge', at: PERIOD_END });
    expect(nextStep({ ...cardless, cancelAtPeriodEnd: true }, POLICY, early)).toEqual({ kind: 'end', at: PERIOD_END });
    expect(nextStep({ ...pastDue(null), needsCard: true }, POLICY, new Date(day(1)))).toEqual({ kind: 'expire', at: day(14) });
    // PayPal holds its own payment method: only its yearly reminder is ours.
    expect(nextStep({ ...cardless, chargedByUs: false }, POLICY, early)).toMatchObject({ kind: 'notice', notice: 'yearly-reminder' });
  });
});
