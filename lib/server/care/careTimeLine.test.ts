import type { KyselyPlugin, OperationNode } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { db, now, sandbox, setUpSandboxCheckout } from '@/tests/fixtures/sandboxCheckout';
import { buyVogueDigital, renewFailRecoverCancelAndResume } from '@/tests/fixtures/sandboxSubscription';
import { mailNotices } from '@/lib/server/subscriptions/mailNotices';
import { SubscriptionService } from '@/lib/server/subscriptions/SubscriptionService';
import { RefundService } from '@/lib/server/refunds/RefundService';
import { CancelDeclarationRepository } from '@/lib/server/subscriptions/CancelDeclarationRepository';
import { applyCancelDeclarations } from '@/lib/server/subscriptions/cancelDeclarationsPass';
import { WithdrawalRepository } from '@/lib/server/withdrawal/WithdrawalRepository';
import { CareDirectory } from './CareDirectory';
import { careTimeLine } from './careEvents';

setUpSandboxCheckout();

/** A plugin that keeps the name of every table a query names. */
function tablesRead(): { plugin: KyselyPlugin; tables: Set<string> } {
  const tables = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const kind = (node as OperationNode).kind;
    if (kind === 'TableNode') tables.add((node as { table: { identifier: { name: string } } }).table.identifier.name);
    for (const value of Object.values(node)) visit(value);
  };
  return {
    tables,
    plugin: {
      transformQuery: (args) => {
        visit(args.node);
        return args.node;
      },
      transformResult: async (args) => args.result,
    },
  };
}

describe("care's time line", () => {
  it('shows a subscription bought, renewed, failed, recovered, cancelled and resumed, each event once, in order, from its history alone', async () => {
    const id = await buyVogueDigital();
    await renewFailRecoverCancelAndResume(id);

    const expected = [
      ['subscription', 'Subscribed to Vogue Digital (vogue).', 'the subscriber'],
      ['payment', 'Purchase payment through sandbox: paid.', 'the subscriber'],
      ['notice', 'Notice sent: renewal.', 'our renewal jobs'],
      ['payment', 'Renewal paid for 2027-11-21 to 2028-11-21.', 'our renewal jobs'],
      ['notice', 'Notice sent: renewal.', 'our renewal jobs'],
      ['payment', 'Renewal payment failed (generic_decline).', 'our renewal jobs'],
      ['payment', 'Renewal to be tried again at once, after a change of payment method.', 'the subscriber'],
      ['payment', 'Renewal paid after a failed try for 2028-11-21 to 2029-11-21.', 'our renewal jobs'],
      ['subscription', 'Cancelled at the end of the period in the account: too much to read', 'the subscriber'],
      ['subscription', 'Cancellation taken back: it renews again.', 'the subscriber'],
    ];
    const { events } = (await new CareDirectory(db, now).customer(id))!;
    expect(events.map((event) => [event.kind, event.text, event.by])).toEqual(expected);
    // Kept as it happened, in real time, in the order it happened; the test clock's own dates beside it.
    expect(events.every((event) => !event.reconstructed)).toBe(true);
    expect(events.map((event) => event.at)).toEqual(events.map((event) => event.at).sort());

    // Its reader asks the history and nothing else: not the payments, refunds, notices or audit log it was once pieced from.
    const { plugin, tables } = tablesRead();
    expect(await careTimeLine(db.withPlugin(plugin), id)).toEqual(events);
    expect([...tables]).toEqual(['subscription_history']);
    // The records it was pieced from may go (those that can): it stays the same.
    await db.deleteFrom('subscription_notices').execute();
    await db.deleteFrom('audit_log').execute();
    expect((await new CareDirectory(db, now).customer(id))!.events).toEqual(events);
  });

  it('tells the events that change no subscription column: refunds asked, made and refused, a declaration, a withdrawal', async () => {
    const id = await buyVogueDigital();
    const { transaction_id: paid } = await db.selectFrom('subscriptions').select('transaction_id').executeTakeFirstOrThrow();
    const refunds = new RefundService({ db, gateways: [sandbox], now, origin: null });
    const ask = (key: string) => ({
      transactionId: paid,
      amount: 500,
      reason: 'Late delivery',
      requestedBy: 'operator:op_7',
      idempotencyKey: key,
    });
    const made = await refunds.refund(ask('timeline-refund-1'));
    const refused = vi
      .spyOn(sandbox, 'refund')
      .mockResolvedValue({ status: 'failed', refundId: null, code: 'not_refundable', message: 'Too old' });
    try {
      await refunds.refund(ask('timeline-refund-2'));
    } finally {
      refused.mockRestore();
    }

    const service = new SubscriptionService(db, [sandbox], mailNotices('https://subscribe.example.com', new Map()), now);
    await new CancelDeclarationRepository(db).record({
      email: 'ada@example.com',
      brandSlug: 'vogue',
      livemode: false,
      reason: 'Moving abroad',
      declaredAt: now().toISOString(),
      origin: null,
      client: { address: null, userAgent: null },
    });
    expect(await applyCancelDeclarations({ db, now, log: () => undefined, serviceFor: async () => service })).toMatchObject([
      { kind: 'applied', cancelled: 1 },
    ]);
    await new WithdrawalRepository(db).record({
      id: 'wd_timeline',
      subscriptionId: id,
      transactionId: paid,
      channel: 'account',
      email: 'ada@example.com',
      name: null,
      invoiceNumber: null,
      livemode: false,
      client: { address: null, userAgent: null },
      declaredAt: now().toISOString(),
      appliedAt: null,
      origin: null,
      examinedAt: null,
    });

    const { events } = (await new CareDirectory(db, now).customer(id))!;
    expect(events.slice(2).map((event) => [event.kind, event.text, event.by])).toEqual([
      ['refund', 'Refund of $5.00 asked by operator:op_7: Late delivery', 'customer care (operator op_7)'],
      ['refund', `Refund of $5.00 made, credit note ${made.creditNoteNumber}.`, 'the payment provider'],
      ['refund', 'Refund of $5.00 asked by operator:op_7: Late delivery', 'customer care (operator op_7)'],
      ['refund', 'Refund of $5.00 refused by the provider: Too old', 'the payment provider'],
      ['subscription', 'Cancelled at the end of the period on the public cancel page: Moving abroad', 'the subscriber'],
      ['cancel-page', 'Cancellation declared on the public cancel page: Moving abroad', 'the subscriber'],
      ['subscription', 'Withdrawal declared (account).', 'the subscriber'],
    ]);
  });
});
