import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { formatMoney } from '@/lib/pricing/money';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { randomId } from '@/lib/server/ids';
import type { PaymentGateway, RefundResult } from '@/lib/server/payments/PaymentGateway';
import { recipientOf } from '@/lib/server/subscriptions/mailNotices';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { Refund } from './Refund';
import { refundMail } from './refundMail';
import { RefundRepository } from './RefundRepository';

export interface RefundDeps {
  db: Kysely<Database>;
  /** The checkout's gateways: a transaction is refunded through the one that took it. */
  gateways: readonly PaymentGateway[];
  now: () => Date;
  /** The site's origin for the e-mail's links, when the order kept none (PUBLIC_ORIGIN). */
  origin: string | null;
  /** Called once a refund's e-mail is committed to the queue (the mail worker's kick). */
  mailQueued?: () => void;
  /** How long a refund the provider never answered waits before it is sent again, under its key. Default 2 minutes. */
  resendAfterMs?: number;
}

/** What a refund is asked with. */
export interface RefundInput {
  transactionId: string;
  /** Minor units, or everything not yet refunded (nor being refunded). */
  amount: number | 'full';
  /** When given, the transaction's currency: a guard against an amount meant in another one. */
  currencyCode?: CurrencyCode;
  /** Why, for the records (and the provider's): never shown to the buyer. */
  reason: string;
  /** Who asks: 'operator:<id>', 'buyer', … */
  requestedBy: string;
  /** One per refund meant: asked again with it (a double click, a retry after a lost answer), the same refund is answered. */
  idempotencyKey: string;
}

const DEFAULT_RESEND_AFTER_MS = 2 * 60_000;
const MAX_TEXT = 500;

const badInput = (code: string, message: string) => new HttpError(400, code, message);
const notRefundable = (message: string) => new HttpError(409, 'not_refundable', message);

/**
 * Refunds through the provider that took the payment, each recorded with a credit note on
 * the invoice: what customer care, a buyer's withdrawal and the undoing of a duplicate
 * purchase call. A refund is, in order:
 * 1. checked (a paid purchase or renewal, a positive whole amount no more than what is left,
 *    in its currency);
 * 2. written pending with its amount reserved on the transaction, in one guarded write, so
 *    that refunds asked for at once never give back more than was paid;
 * 3. sent to the provider once per idempotency key (under a key derived from it, so that a
 *    repeat after a lost answer refunds once);
 * 4. settled: succeeded with the next credit note number and the buyer's e-mail, in one
 *    database transaction; failed with its reservation released; or left pending where the
 *    provider refunds later (Amazon Pay), to be read back by `settle`.
 */
export class RefundService {
  private readonly refunds: RefundRepository;
  private readonly transactions: TransactionRepository;
  private readonly resendAfterMs: number;

  constructor(private readonly deps: RefundDeps) {
    this.refunds = new RefundRepository(deps.db);
    this.transactions = new TransactionRepository(deps.db, deps.now);
    this.resendAfterMs = deps.resendAfterMs ?? DEFAULT_RESEND_AFTER_MS;
  }

  async refund(input: RefundInput): Promise<Refund> {
    checkInput(input);
    const existing = await this.refunds.findByKey(input.idempotencyKey);
    if (existing) return this.repeat(existing, input);

    const transaction = await this.transactions.findById(input.transactionId);
    if (!transaction) throw new HttpError(404, 'transaction_not_found', 'No payment has this id.');
    const gateway = this.refundingGateway(transaction);
    if (input.currencyCode && input.currencyCode !== transaction.currencyCode) {
      throw badInput('currency_mismatch', `This payment was made in ${transaction.currencyCode}, not ${input.currencyCode}.`);
    }
    const left = transaction.total - (await this.refunds.reservedOf(transaction.id));
    if (left <= 0) throw new HttpError(409, 'nothing_to_refund', 'This payment is refunded in full already (or its refund is under way).');
    const amount = input.amount === 'full' ? left : input.amount;
    if (amount > left) throw tooMuch(transaction, left);

    const reservation = await this.refunds.reserve(
      {
        id: randomId('re'),
        transactionId: transaction.id,
        amount,
        currencyCode: transaction.currencyCode,
        livemode: transaction.livemode,
        reason: input.reason.trim(),
        idempotencyKey: input.idempotencyKey,
        requestedBy: input.requestedBy.trim(),
      },
      this.deps.now(),
    );
    if (reservation.kind === 'exists') return this.repeat(reservation.refund, input);
    // Another refund reserved the rest meanwhile.
    if (reservation.kind === 'exceeds') throw tooMuch(transaction, transaction.total - (await this.refunds.reservedOf(transaction.id)));
    return this.send(reservation.refund, transaction, gateway);
  }

  /** A transaction's refunds, oldest first (its credit notes are the succeeded ones'). */
  ofTransaction(transactionId: string): Promise<Refund[]> {
    return this.refunds.ofTransactions([transactionId]);
  }

  /**
   * Where a pending refund stands now: read back from the provider by its id (Amazon Pay's
   * refunds settle hours later), or, never answered, sent again under its key once
   * `resendAfterMs` has passed. A settled refund is answered as it is.
   */
  async settle(refundId: string): Promise<Refund | null> {
    const refund = await this.refunds.findById(refundId);
    if (!refund || refund.status !== 'pending') return refund;
    const transaction = await this.transactions.findById(refund.transactionId);
    if (!transaction) throw new Error(`refund ${refund.id} names no transaction ${refund.transactionId}`);
    const gateway = this.refundingGateway(transaction);
    if (refund.providerRefundId === null) return this.resendIfDue(refund, transaction, gateway);
    if (!gateway.refundStatus) return refund;
    return this.record(refund, await gateway.refundStatus(refund.providerRefundId, refund.livemode), transaction);
  }

  /**
   * A provider's notification that a refund moved (Amazon Pay's REFUND notification, PayPal's
   * PAYMENT.CAPTURE.REFUNDED, Stripe's refund.updated): the refund is read back from the
   * provider, never taken from the notification's word. Null when no refund of ours has that id.
   */
  async settleByProviderId(providerRefundId: string): Promise<Refund | null> {
    const refund = await this.refunds.findByProviderId(providerRefundId);
    return refund ? this.settle(refund.id) : null;
  }

  /** Settles up to `limit` pending refunds, oldest first (a periodic pass); how many it settled. */
  async settlePending(
    limit = 50,
    failed: (refundId: string, error: unknown) => void = (refundId, error) =>
      console.error(`[refunds] ${refundId} could not be settled`, error),
  ): Promise<number> {
    let settled = 0;
    for (const refund of await this.refunds.pending(limit)) {
      try {
        if ((await this.settle(refund.id))?.status !== 'pending') settled += 1;
      } catch (error) {
        // The provider out of reach: the next pass asks again.
        failed(refund.id, error);
      }
    }
    return settled;
  }

  /** The same key again: the same refund, never a second one. A refund never answered is sent again (same key) once it is due. */
  private async repeat(existing: Refund, input: RefundInput): Promise<Refund> {
    const sameAmount = input.amount === 'full' || input.amount === existing.amount;
    if (existing.transactionId !== input.transactionId || !sameAmount) {
      throw new HttpError(
        409,
        'idempotency_key_reused',
        'This refund key was used for another refund. Nothing was refunded for this request.',
      );
    }
    if (existing.status !== 'pending' || existing.providerRefundId !== null) return existing;
    const transaction = await this.transactions.findById(existing.transactionId);
    if (!transaction) return existing;
    return this.resendIfDue(existing, transaction, this.refundingGateway(transaction));
  }

  private async resendIfDue(refund: Refund, transaction: Transaction, gateway: PaymentGateway): Promise<Refund> {
    const now = this.deps.now();
    // One caller sends it: another one asking meanwhile is answered the pending refund.
    if (!(await this.refunds.claimResend(refund.id, new Date(now.getTime() - this.resendAfterMs), now))) return refund;
    return this.send(refund, transaction, gateway);
  }

  /** Sends a pending refund to its provider and records the answer; a provider out of reach throws, and the refund stays pending (sent again later). */
  private async send(refund: Refund, transaction: Transaction, gateway: PaymentGateway): Promise<Refund> {
    if (!gateway.refund || !transaction.gatewayPaymentId) throw new Error(`transaction ${transaction.id} cannot be refunded`);
    const chargeId = await this.providerChargeOf(transaction.id);
    let result: RefundResult;
    try {
      result = await gateway.refund({
        paymentId: transaction.gatewayPaymentId,
        chargeId,
        kind: transaction.kind,
        paidAt: transaction.createdAt,
        amount: refund.amount,
        paidAmount: transaction.total,
        currencyCode: refund.currencyCode,
        livemode: refund.livemode,
        idempotencyKey: refund.idempotencyKey,
        reason: refund.reason,
        metadata: { refundId: refund.id, transactionId: transaction.id },
      });
    } catch (error) {
      // Whether the provider refunded is unknown: the refund stays pending and reserved, and is sent again under its key.
      throw new HttpError(
        503,
        'refund_provider_unavailable',
        'The payment provider did not answer. The refund is recorded as pending and will be sent again; it is never made twice.',
        undefined,
        { retryAfterSeconds: Math.ceil(this.resendAfterMs / 1000), cause: error },
      );
    }
    return this.record(refund, result, transaction);
  }

  private async record(refund: Refund, result: RefundResult, transaction: Transaction): Promise<Refund> {
    const at = this.deps.now();
    if (result.status !== 'failed' && result.chargeId) await this.transactions.recordProviderCharge(transaction.id, result.chargeId);
    if (result.status === 'succeeded') {
      const recipient = await this.recipientOf(transaction);
      const made = await this.refunds.succeed(refund.id, result.refundId, at, (done) =>
        refundMail(transaction, done, recipient, this.deps.origin, at),
      );
      if (made) this.deps.mailQueued?.();
    } else if (result.status === 'pending') {
      await this.refunds.recordPending(refund.id, result.refundId);
    } else {
      await this.refunds.fail(refund.id, { code: result.code, message: result.message }, result.refundId, at);
    }
    return (await this.refunds.findById(refund.id))!;
  }

  /** The gateway that took a paid purchase or renewal, when it refunds; refused otherwise. */
  private refundingGateway(transaction: Transaction): PaymentGateway {
    if (transaction.status !== 'succeeded') throw notRefundable('Only a paid payment can be refunded.');
    if (transaction.total <= 0 || !transaction.gatewayPaymentId) throw notRefundable('Nothing was charged for this order.');
    const gateway = this.deps.gateways.find((candidate) => candidate.name === transaction.gateway);
    if (!gateway?.refund) throw notRefundable(`Payments taken through ${transaction.gateway} cannot be refunded here.`);
    return gateway;
  }

  private async providerChargeOf(transactionId: string): Promise<string | null> {
    const row = await this.deps.db
      .selectFrom('transactions')
      .select('provider_charge_id')
      .where('id', '=', transactionId)
      .executeTakeFirst();
    return row?.provider_charge_id ?? null;
  }

  /** Who is told: the subscription's owner (else its billing address), as its other e-mails; a payment without one, its billing address. */
  private async recipientOf(transaction: Transaction): Promise<string> {
    const subscription = transaction.subscriptionId
      ? await new SubscriptionRepository(this.deps.db).findById(transaction.subscriptionId)
      : null;
    return subscription ? recipientOf(subscription) : transaction.customer.email;
  }
}

function tooMuch(transaction: Transaction, left: number): HttpError {
  return new HttpError(
    409,
    'amount_exceeds_refundable',
    left > 0
      ? `At most ${formatMoney(left, transaction.currencyCode)} of this payment can still be refunded.`
      : 'This payment is refunded in full already (or its refund is under way).',
  );
}

function checkInput(input: RefundInput): void {
  if (input.amount !== 'full' && (!Number.isSafeInteger(input.amount) || input.amount <= 0)) {
    throw badInput('invalid_amount', 'A refund is a positive whole amount in minor units (cents), or the full amount.');
  }
  for (const [field, value] of [
    ['reason', input.reason],
    ['requestedBy', input.requestedBy],
    ['idempotencyKey', input.idempotencyKey],
  ] as const) {
    if (value.trim().length === 0 || value.length > MAX_TEXT)
      throw badInput(`invalid_${field}`, `A refund needs a ${field} of 1 to ${MAX_TEXT} characters.`);
  }
}
