import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { NextAction } from '@/lib/payments/nextAction';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { savedCardOf } from '@/lib/server/payments/renewalLookup';
import type { RenewalDeps } from './renewalEngine';
import { renewalMails } from './renewalMails';
import { renewalPeriod, renewalTransactionId } from './renewalOrder';
import { RenewalRepository } from './RenewalRepository';
import { clockOf } from './testClock';

/**
 * Where a renewal the bank held for its subscriber stands: paid (and recorded), still
 * waiting for them (the bank's check to show them), refused by the bank, or none waiting.
 */
export type RenewalConfirmation =
  | { status: 'paid' }
  /** savedCard: Stripe's payment method of the renewal, for Stripe.js to confirm the declined intent with on-session. */
  | { status: 'requires_action'; action: NextAction; savedCard: string | null }
  | { status: 'failed'; code: PaymentFailureCode }
  | { status: 'none' };

/**
 * The renewal of the subscription's current period that its bank holds until the
 * subscriber confirms it (an off-session charge answered with 3-D Secure); null when none.
 */
export async function heldRenewal(deps: Pick<RenewalDeps, 'db'>, subscription: Subscription): Promise<Transaction | null> {
  if (subscription.status !== 'past_due' || subscription.dunning.failureCode !== 'authentication_required') return null;
  const period = renewalPeriod(subscription);
  const held = await new TransactionRepository(deps.db).findById(renewalTransactionId(subscription.id, period.start));
  return held?.kind === 'renewal' && held.status === 'failed' && held.gatewayPaymentId ? held : null;
}

/**
 * Asks the gateway where the held renewal stands and records what it says, once: paid,
 * with its invoice and receipt, the subscription active again; refused, so that the account
 * offers another card instead of the bank's check again. Called when the subscriber comes
 * back from their bank, and by the engine before an unpaid subscription ends, so that a
 * payment confirmed in a tab closed at once still counts.
 */
export async function settleHeldRenewal(deps: RenewalDeps, subscription: Subscription): Promise<RenewalConfirmation> {
  const held = await heldRenewal(deps, subscription);
  const gateway = deps.gateways.find((candidate) => candidate.name === subscription.gateway);
  if (!held?.gatewayPaymentId || !gateway) return { status: 'none' };
  const result = await gateway.retrieve(held.gatewayPaymentId, subscription.livemode);
  if (result.status === 'requires_action') {
    const savedCard = savedCardOf(subscription.instrument);
    return { status: 'requires_action', action: result.action, savedCard };
  }
  const now = deps.now();
  const at = clockOf(subscription, now);
  const repository = new RenewalRepository(deps.db);
  if (result.status === 'failed') {
    await repository.recordHeldRefused(subscription, held.id, result.code, now);
    return { status: 'failed', code: result.code };
  }
  const period = renewalPeriod(subscription);
  const purchase = await new TransactionRepository(deps.db).findById(subscription.transactionId);
  const mails = purchase ? renewalMails(subscription, purchase, deps.origin) : null;
  await repository.recordPaid(
    { transactionId: held.id, paymentId: result.paymentId, period, at },
    { subscription, event: { kind: 'renewal-paid', by: 'bank', period }, now, leaveSchedule: true },
    (invoiceNumber) => mails?.receipt({ invoiceNumber, total: held.total, period, recovered: true }) ?? null,
  );
  return { status: 'paid' };
}
