import { describe, expect, it } from 'vitest';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { MID_PERIOD, PERIOD_END, POLICY, schedule, subscription } from '@/tests/fixtures/lifecycleStates';
import { applyEvent, type LifecycleEvent } from './lifecycle';

describe('applyEvent', () => {
  it('answers a server record’s own provider types in the changes', () => {
    const record: Subscription = {
      ...subscription(),
      gateway: 'sandbox',
      instrument: { kind: 'sandbox-card', paymentIntentId: 'pi_1' },
      consent: null,
      updatedAt: MID_PERIOD,
    };
    const card = { kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_1' } as const;
    const outcome = applyEvent(
      record,
      { kind: 'card-set', gateway: 'stripe', instrument: card, payment: { method: 'card', brand: 'visa', last4: '1111' } },
      new Date(MID_PERIOD),
    );
    const changed: { gateway?: GatewayName; instrument?: RenewalInstrument | null } = outcome.kind === 'applied' ? outcome.changes : {};
    expect(changed).toMatchObject({ gateway: 'stripe', instrument: card });
  });

  const withoutRecord: LifecycleEvent[] = [
    { kind: 'claimed', email: 'reader@example.com' },
    { kind: 'renewal-paid', by: 'bank', period: { start: PERIOD_END, end: '2026-03-10T09:00:00.000Z' } },
    { kind: 'renewal-failed', by: 'provider', failedPayments: 1, policy: POLICY },
    { kind: 'notice-sent', notice: 'renewal', about: PERIOD_END, dueAt: '2026-01-26T09:00:00.000Z', schedule: schedule() },
    { kind: 'cancel-requested', channel: 'account', reason: null },
    { kind: 'ended-now', reason: 'ended_by_care' },
    { kind: 'provider-refusal-counted' },
    { kind: 'clock-moved', advance: 'day', movable: true, schedule: schedule() },
  ];
  it.each(withoutRecord)('refuses $kind with no subscription to apply to', (event) => {
    expect(applyEvent(null, event, new Date(MID_PERIOD))).toEqual({ kind: 'refused', reason: 'missing' });
  });

  it('leaves the record it is given as it was', () => {
    const before = subscription();
    const copy = structuredClone(before);
    applyEvent(before, { kind: 'ended-now', reason: 'ended_by_care' }, new Date(MID_PERIOD));
    expect(before).toEqual(copy);
  });
});
