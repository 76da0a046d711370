import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db, now, sandbox, setUpSandboxCheckout } from '@/tests/fixtures/sandboxCheckout';
import { buyVogueDigital, renewFailRecoverCancelAndResume, subscriptionNow } from '@/tests/fixtures/sandboxSubscription';
import { mailNotices } from './mailNotices';
import { historyOf } from './subscriptionHistory';
import { SubscriptionService } from './SubscriptionService';

setUpSandboxCheckout();

/**
 * Its notice of the coming renewal, recorded as sent already (the engine sends none then):
 * the first test follows the contract's own writes, and a notice sent is told in the history
 * too (careTimeLine.test.ts follows those).
 */
async function noticedAlready(id: string): Promise<void> {
  const about = (await subscriptionNow(id)).currentPeriodEnd;
  await db
    .insertInto('subscription_notices')
    .values({
      id: `ntc_${randomUUID()}`,
      subscription_id: id,
      kind: 'renewal',
      about,
      due_at: now().toISOString(),
      sent_at: now().toISOString(),
      mail_id: null,
      content_json: '{}',
    })
    .execute();
}

describe("a subscription's kept history", () => {
  it('tells of a purchase, a renewal, a failed one recovered, a cancel and a resume, once each, in order, with who did it', async () => {
    const id = await buyVogueDigital();
    await renewFailRecoverCancelAndResume(id, noticedAlready);

    const history = await historyOf(db, id);
    expect(history.map((entry) => [entry.event, entry.actor.kind])).toEqual([
      ['purchased', 'buyer'],
      ['renewal_paid', 'system'],
      ['renewal_failed', 'system'],
      ['retry_now', 'buyer'],
      ['renewal_paid', 'system'],
      ['cancel_requested', 'buyer'],
      ['resumed', 'buyer'],
    ]);
    const [purchased, renewed, failed, , recovered, cancelled, resumed] = history;
    expect(purchased!.before).toEqual({});
    expect(purchased!.after).toMatchObject({ status: 'active', billing_email: 'ada@example.com', cancel_at_period_end: 0 });
    // Only the fields a write changed: an active one renewed stays active.
    expect(renewed!.before).toEqual({ current_period_start: '2026-11-21T12:00:00.000Z', current_period_end: '2027-11-21T12:00:00.000Z' });
    expect(renewed!.after).toEqual({ current_period_start: '2027-11-21T12:00:00.000Z', current_period_end: '2028-11-21T12:00:00.000Z' });
    expect(failed!.before).toMatchObject({ status: 'active', renewal_tries: 0 });
    expect(failed!.after).toMatchObject({ status: 'past_due', renewal_tries: 1, renewal_failure_code: 'generic_decline' });
    expect(recovered!.before).toMatchObject({ status: 'past_due', renewal_tries: 1 });
    expect(recovered!.after).toMatchObject({ status: 'active', renewal_tries: 0, renewal_failure_code: null });
    expect(cancelled!.before).toMatchObject({ cancel_at_period_end: 0, cancel_reason: null });
    expect(cancelled!.after).toMatchObject({ cancel_at_period_end: 1, cancel_reason: 'too much to read', cancel_channel: 'account' });
    expect(resumed!.before).toMatchObject({ cancel_at_period_end: 1 });
    expect(resumed!.after).toMatchObject({ cancel_at_period_end: 0, cancel_reason: null });
    // Kept as it happened, each at the version its write made.
    expect(history.every((entry) => !entry.reconstructed)).toBe(true);
    const versions = history.map((entry) => entry.version!);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    // The engine's own bookkeeping (claims, leases, when it is next due) is no part of it.
    for (const entry of history) expect(Object.keys(entry.after)).not.toContain('lease_until');
  });

  it("names care's operator when care cancels it, and ends it at once", async () => {
    const id = await buyVogueDigital();
    const service = new SubscriptionService(db, [sandbox], mailNotices('https://subscribe.example.com', new Map()), now);
    const operator = { kind: 'care' as const, id: 'op_7' };
    await service.cancelRecord(await subscriptionNow(id), { reason: 'asked by phone', channel: 'care', actor: operator });
    await service.endNow(await subscriptionNow(id), { reason: 'ended_by_care', actor: operator });
    const history = await historyOf(db, id);
    expect(history.map((entry) => [entry.event, entry.actor])).toEqual([
      ['purchased', { kind: 'buyer', id: null }],
      ['cancel_requested', { kind: 'care', id: 'op_7' }],
      ['ended', { kind: 'care', id: 'op_7' }],
    ]);
    expect(history[2]!.after).toMatchObject({ status: 'ended', end_reason: 'ended_by_care' });
  });
});
