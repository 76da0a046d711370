import type { IncomingMessage } from 'node:http';
import type { CareCustomerView, CareRefundView } from '@/lib/operators/careViews';
import { subscriptionServiceFor } from '@/lib/server/account/subscriptionServiceFor';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { appendAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import type { Refund } from '@/lib/server/refunds/Refund';
import { RefundRepository } from '@/lib/server/refunds/RefundRepository';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { appendHistoryEvent } from '@/lib/server/subscriptions/SubscriptionStore';
import { clockOf } from '@/lib/server/renewals/testClock';
import { subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import { CareDirectory } from './CareDirectory';
import { careRefundView } from './careRefundView';
import type { CareAddressBody, CareCancelBody, CareRefundBody } from './careSchemas';

const noSubscription = () => new HttpError(404, 'subscription_not_found', 'There is no subscription with this id.');

/** What the audit log keeps of a subscription before and after care changed it. */
const stateOf = (subscription: Subscription, now: Date) => ({
  // On its own clock, as the account and care's pages show it (a test subscription's may run ahead).
  status: subscriptionStatusAt(subscription, clockOf(subscription, now)),
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  currentPeriodEnd: subscription.currentPeriodEnd,
  endedAt: subscription.endedAt,
  endReason: subscription.endReason,
});

async function customerOf(server: ServerContext, subscriptionId: string): Promise<CareCustomerView> {
  const customer = await new CareDirectory(server.db, server.clock).customer(subscriptionId);
  if (!customer) throw noSubscription();
  return customer;
}

/**
 * Care cancels a subscription for its subscriber: at the end of the period (the subscriber
 * keeps access until then and is e-mailed the confirmation, as when they cancel themselves),
 * or at once (access ends now; a refund is a separate action). The audit entry is written in
 * the database transaction that makes the change, and only when this call made it: a second
 * click changes nothing and records nothing.
 */
export async function careCancel(
  server: ServerContext,
  req: Pick<IncomingMessage, 'headers'>,
  caller: OperatorCaller,
  subscriptionId: string,
  body: CareCancelBody,
): Promise<CareCustomerView> {
  const subscription = await new SubscriptionRepository(server.db, server.clock).findById(subscriptionId);
  if (!subscription) throw noSubscription();
  const at = server.clock();
  const before = stateOf(subscription, at);
  if (before.status === 'ended')
    throw new HttpError(409, 'subscription_ended', 'This subscription has already ended: there is nothing to cancel.');
  const service = await subscriptionServiceFor(server, req);
  // The subscription's history names the operator, as the audit entry does.
  const actor = { kind: 'care' as const, id: caller.operator.id };
  const audit = (action: string) => async (trx: Parameters<typeof appendAudit>[0], moved: Subscription) => {
    await appendAudit(
      trx,
      caller.actor,
      { action, target: `subscription:${subscription.id}`, before, after: { ...stateOf(moved, at), reason: body.reason } },
      at,
    );
    // Care's time line names the operator as the audit log does (the history's actor keeps only their id).
    await appendHistoryEvent(
      trx,
      subscription.id,
      { event: 'care_action', actor },
      { action, target: `subscription:${subscription.id}`, by: caller.actor.label, reason: body.reason },
    );
  };
  if (body.when === 'period_end') {
    await service.cancelRecord(subscription, { reason: body.reason, channel: 'care', alongside: audit('subscription.cancelled'), actor });
  } else {
    await service.endNow(subscription, { reason: 'ended_by_care', alongside: audit('subscription.ended'), actor });
  }
  server.mail.kick();
  return customerOf(server, subscription.id);
}

/**
 * Care moves a print subscription's delivery for its subscriber, within its country, checked
 * as the account checks it (SubscriptionService.moveDelivery): the subscriber is e-mailed the
 * new address, and the audit entry (old and new address, reason) is written in the same
 * transaction, only when the address changed.
 */
export async function careMoveDelivery(
  server: ServerContext,
  req: Pick<IncomingMessage, 'headers'>,
  caller: OperatorCaller,
  subscriptionId: string,
  body: CareAddressBody,
): Promise<CareCustomerView> {
  const subscription = await new SubscriptionRepository(server.db, server.clock).findById(subscriptionId);
  if (!subscription) throw noSubscription();
  const at = server.clock();
  const actor = { kind: 'care' as const, id: caller.operator.id };
  const action = 'subscription.delivery_address_changed';
  const target = `subscription:${subscription.id}`;
  const service = await subscriptionServiceFor(server, req);
  await service.moveDelivery(subscription, body.address, {
    actor,
    alongside: async (trx, moved) => {
      const change = {
        before: { deliveryAddress: subscription.deliveryAddress },
        after: { deliveryAddress: moved.deliveryAddress, reason: body.reason },
      };
      await appendAudit(trx, caller.actor, { action, target, ...change }, at);
      await appendHistoryEvent(
        trx,
        subscription.id,
        { event: 'care_action', actor },
        { action, target, by: caller.actor.label, reason: body.reason },
      );
    },
  });
  server.mail.kick();
  return customerOf(server, subscription.id);
}

/**
 * Care refunds a payment in full or in part through the provider that took it
 * (RefundService: a credit note on the invoice, the buyer's e-mail). The refund spans the
 * provider's call and several writes, so its audit entry follows it rather than sharing a
 * transaction: written once per refund (a repeat under the same key adds none), and for a
 * refund left pending by a provider out of reach too, before its error is passed on.
 */
export async function careRefund(
  server: ServerContext,
  caller: OperatorCaller,
  transactionId: string,
  body: CareRefundBody,
): Promise<{ refund: CareRefundView; customer: CareCustomerView | null }> {
  const payment = await server.db
    .selectFrom('transactions')
    .select(['id', 'total', 'refund_reserved', 'subscription_id', 'renewal_of'])
    .where('id', '=', transactionId)
    .executeTakeFirst();
  if (!payment) throw new HttpError(404, 'transaction_not_found', 'No payment has this id.');
  const refunds = new RefundRepository(server.db);
  // Namespaced: the same key from care never names a withdrawal's or another flow's refund.
  const idempotencyKey = `care:${body.idempotencyKey}`;
  const existed = await refunds.findByKey(idempotencyKey);
  const amountsOf = async () => {
    const row = await server.db.selectFrom('transactions').select('refund_reserved').where('id', '=', transactionId).executeTakeFirst();
    return { refunded: (await refunds.refundedOf([transactionId])).get(transactionId) ?? 0, reserved: Number(row?.refund_reserved ?? 0) };
  };
  const before = { total: payment.total, ...(await amountsOf()) };
  const record = async (refund: Refund, error?: HttpError) =>
    appendAudit(
      server.db,
      caller.actor,
      {
        action: 'transaction.refunded',
        target: `transaction:${transactionId}`,
        before,
        after: {
          ...(await amountsOf()),
          refundId: refund.id,
          amount: refund.amount,
          status: refund.status,
          creditNoteNumber: refund.creditNoteNumber,
          reason: refund.reason,
          ...(error ? { error: error.code } : {}),
        },
      },
      server.clock(),
    );

  let refund: Refund;
  try {
    refund = await server.refunds.refund({
      transactionId,
      amount: body.amount,
      reason: body.reason,
      requestedBy: `operator:${caller.operator.id}`,
      idempotencyKey,
    });
  } catch (error) {
    const made = existed ? null : await refunds.findByKey(idempotencyKey);
    if (made && error instanceof HttpError) await record(made, error);
    throw error;
  }
  if (!existed) await record(refund);
  const subscriptionId = payment.subscription_id ?? payment.renewal_of;
  return { refund: careRefundView(refund), customer: subscriptionId ? await customerOf(server, subscriptionId) : null };
}
