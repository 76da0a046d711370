import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { HttpError } from '@/lib/server/http/HttpError';
import { refusal } from '@/lib/server/http/refusal';
import { inMode, perMode, type PerMode } from '@/lib/server/payments/perMode';
import { outageOr } from '@/lib/server/payments/providerUnavailable';
import type {
  AttemptLookup,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundFailureCode,
  RefundRequest,
  RefundResult,
  RenewalInstrument,
} from '@/lib/server/payments/PaymentGateway';
import { walletFlowFor } from '@/lib/server/payments/walletFlow';
import { PayPalApiError, PayPalClient, PayPalNetworkError, paypalRequestId, type PayPalClientConfig } from './paypalClient';
import { toPayPalMoney, toPayPalValue } from './paypalMoney';
import { planShapeFor, type PlanStore, type RenewingPurchase } from './paypalPlans';
import type { PayPalOrder, PayPalRefund, PayPalSaleRefund, PayPalSubscription } from './paypalTypes';

export type { PlanStore } from './paypalPlans';
export { InMemoryPlanStore } from './paypalPlans';

/** Each mode's REST app; a mode without one cannot take PayPal payments. */
export interface PayPalModes {
  live?: PayPalClientConfig | undefined;
  test?: PayPalClientConfig | undefined;
}

export interface PayPalGatewayOptions {
  /**
   * Pauses before reading an APPROVED subscription again: PayPal activates it by itself a
   * moment after the visitor approves (user_action SUBSCRIBE_NOW), and the visitor is often
   * back before that. Default: 1 s, then 2 s.
   */
  activationWaitsMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

/** No answer from PayPal, or PayPal failing on its side: the visitor can only try again later. */
export const isPayPalOutage = (error: unknown): boolean =>
  error instanceof PayPalNetworkError || (error instanceof PayPalApiError && error.status >= 500);

/** PayPal subscription ids start with I- (order ids do not). */
export const isSubscriptionId = (paymentId: string) => paymentId.startsWith('I-');

/**
 * Capture refusals that are the payer's funding, not our request: the visitor is told PayPal
 * did not approve the payment and can try again or pay another way (PayPal's orders.capture
 * 422 issues).
 */
const DECLINE_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_CANNOT_PAY',
  'PAYER_ACCOUNT_RESTRICTED',
  'PAYER_ACCOUNT_LOCKED_OR_CLOSED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'TRANSACTION_REFUSED',
  'TRANSACTION_LIMIT_EXCEEDED',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'COMPLIANCE_VIOLATION',
  'PAYEE_BLOCKED_TRANSACTION',
  'TRANSACTION_BLOCKED_BY_PAYEE',
]);

/**
 * Money that PayPal holds but has not settled (a PENDING capture, an APPROVED subscription
 * not yet active): neither success nor failure, and nothing for the visitor to approve again.
 * The same answer as the checkout's own for an attempt in progress; the webhook settles it.
 */
const stillProcessing = () => refusal(409, 'attempt_in_progress', (words) => words.t('refusals.paypalInProgress'));

const failed = (paymentId: string, code: PaymentFailureCode): ChargeResult => ({ status: 'failed', paymentId, code });

/**
 * PayPal, through its REST APIs, with the PayPal buttons in the page for approval.
 *
 * What each purchase becomes (lib/server/payments/walletFlow.ts decides):
 * - An offer that renews (`purchase.renewal` set) becomes a PayPal **subscription**, created
 *   here from a plan, so that PayPal itself takes the renewals the visitor agreed to. The plan
 *   and its catalog product are created once per mode, offer, currency, interval, renewal
 *   amount and first period, and remembered in the PlanStore (see paypalPlans.ts for why the
 *   first period, free trial or promo price, is a TRIAL cycle of the plan rather than an
 *   override). PayPal activates the subscription once approved (user_action SUBSCRIBE_NOW) and
 *   takes the first period's price, if any, itself.
 * - A purchase that does not renew becomes an **order** (intent CAPTURE), captured here in
 *   retrieve() once the visitor has approved it.
 *
 * Either way charge() answers `requires_action` with a `paypal_approval` action naming the
 * order or subscription for the PayPal buttons. Every creating call sends a PayPal-Request-Id
 * derived from the checkout attempt (or order) so that a repeated submit or confirm creates
 * or captures nothing twice.
 */
export class PayPalGateway implements PaymentGateway {
  readonly name = 'paypal' as const;
  readonly inputKinds = ['paypal'] as const;
  private readonly clients: PerMode<PayPalClient>;
  private readonly activationWaitsMs: readonly number[];
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    modes: PayPalModes,
    private readonly plans: PlanStore,
    options: PayPalGatewayOptions = {},
  ) {
    this.clients = perMode(modes, (config: PayPalClientConfig) => new PayPalClient(config));
    this.activationWaitsMs = options.activationWaitsMs ?? [1000, 2000];
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private client(livemode: boolean): PayPalClient {
    return inMode(this.clients, livemode, 'PayPal is');
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.payment.kind !== 'paypal') throw new HttpError(400, 'payment_method_required', 'Please choose PayPal again.');
    const client = this.client(request.livemode);
    const { renewal } = request.purchase;
    try {
      return renewal && walletFlowFor(request.purchase) === 'subscription'
        ? await this.startSubscription(client, request, { ...request.purchase, renewal })
        : await this.startOrder(client, request);
    } catch (error) {
      // PayPal refused the request itself (validation, a plan it no longer accepts): nothing
      // was created or charged, and the visitor can try again or pay another way. Anything
      // else (no answer, 5xx, bad credentials) is thrown: the checkout releases the attempt.
      if (error instanceof PayPalApiError && (error.status === 400 || error.status === 422))
        return { status: 'failed', paymentId: null, code: 'processing_error' };
      throw outageOr('paypal', error, isPayPalOutage);
    }
  }

  async retrieve(paymentId: string, livemode: boolean): Promise<ChargeResult> {
    const client = this.client(livemode);
    try {
      return await (isSubscriptionId(paymentId) ? this.retrieveSubscription(client, paymentId) : this.retrieveOrder(client, paymentId));
    } catch (error) {
      throw outageOr('paypal', error, isPayPalOutage);
    }
  }

  /**
   * An attempt whose charge() answer was lost took no money: charge() only creates an order
   * or a subscription that waits for the visitor's approval, and the visitor never got its
   * id (the answer that carries it was never sent), so nothing can approve it. PayPal lets it
   * expire; a retry of the attempt gets the same one back (PayPal-Request-Id).
   */
  async lookupAttempt(): Promise<AttemptLookup> {
    return { kind: 'nothing' };
  }

  private async startOrder(client: PayPalClient, request: ChargeRequest): Promise<ChargeResult> {
    if (request.amount <= 0)
      throw new HttpError(400, 'nothing_to_charge', 'There is nothing to pay with PayPal for this order. Nothing was charged.');
    const transactionId = request.metadata.transactionId;
    const order = await client.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: toPayPalMoney(request.amount, request.currencyCode),
            description: clip(request.description),
            ...(transactionId ? { custom_id: transactionId } : {}),
          },
        ],
        payment_source: {
          paypal: {
            experience_context: { user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING', ...returnUrls(request) },
          },
        },
      },
      paypalRequestId('order', request.idempotencyKey),
    );
    return orderResult(order);
  }

  private async startSubscription(client: PayPalClient, request: ChargeRequest, purchase: RenewingPurchase): Promise<ChargeResult> {
    const planId = await this.planFor(client, request, purchase);
    const urls = returnUrls(request);
    const transactionId = request.metadata.transactionId;
    const subscription = await client.createSubscription(
      {
        plan_id: planId,
        ...(transactionId ? { custom_id: transactionId } : {}),
        // application_context needs both URLs; without an origin (no PUBLIC_ORIGIN, development
        // only) it is left out and the buttons' popup, which needs neither, still works.
        ...(urls ? { application_context: { user_action: 'SUBSCRIBE_NOW', shipping_preference: 'NO_SHIPPING', ...urls } } : {}),
      },
      paypalRequestId('subscription', request.idempotencyKey),
    );
    return subscriptionResult(subscription);
  }

  /** The offer's plan: from the PlanStore, or created (product, then plan) and stored. */
  private async planFor(client: PayPalClient, request: ChargeRequest, purchase: RenewingPurchase): Promise<string> {
    const shape = planShapeFor(purchase, request.amount, request.currencyCode, request.livemode);
    const known = await this.plans.get(shape.key);
    if (known) return known;
    // Request ids derived from the plan key: two first checkouts of a new offer at once get
    // the same product and plan back from PayPal, not two of each.
    const product = await client.createProduct(shape.product, paypalRequestId('product', shape.key));
    const plan = await client.createPlan(shape.plan(product.id), paypalRequestId('plan', shape.key));
    await this.plans.put(shape.key, plan.id);
    return plan.id;
  }

  private async retrieveOrder(client: PayPalClient, orderId: string): Promise<ChargeResult> {
    const order = await client.getOrder(orderId);
    return order.status === 'APPROVED' ? this.capture(client, orderId) : orderResult(order);
  }

  /** Takes an approved order's money, once: the request id is the order's, so a repeated confirm replays the first capture. */
  private async capture(client: PayPalClient, orderId: string): Promise<ChargeResult> {
    try {
      return orderResult(await client.captureOrder(orderId, paypalRequestId('capture', orderId)));
    } catch (error) {
      if (!(error instanceof PayPalApiError)) throw error;
      // Captured by an earlier call (a retry after a lost answer, another tab): where it stands now.
      if (error.issue === 'ORDER_ALREADY_CAPTURED') return orderResult(await client.getOrder(orderId));
      if (error.issue === 'ORDER_NOT_APPROVED') return orderApproval(orderId);
      if (error.issue === 'ORDER_COMPLETION_IN_PROGRESS') throw stillProcessing();
      if (error.status === 422 && error.issue && DECLINE_ISSUES.has(error.issue)) return failed(orderId, 'wallet_declined');
      throw error;
    }
  }

  /** A cancelled subscription: PayPal suspends it (reversible until the period ends; the renewals cancel it then). */
  pauseRenewals(instrument: RenewalInstrument, livemode: boolean): Promise<void> {
    return this.moveSubscription(instrument, livemode, 'suspend');
  }

  /** A resumed subscription: PayPal activates it again. */
  resumeRenewals(instrument: RenewalInstrument, livemode: boolean): Promise<void> {
    return this.moveSubscription(instrument, livemode, 'activate');
  }

  /**
   * A cancelled subscription whose period is over: cancelled at PayPal for good. PayPal
   * answers 422 SUBSCRIPTION_STATUS_INVALID to a second cancel (a retry after a lost answer,
   * or the buyer cancelled at PayPal first): done, once PayPal says it is cancelled.
   */
  async cancelRenewals(instrument: RenewalInstrument, livemode: boolean): Promise<void> {
    if (instrument.kind !== 'paypal') throw new Error(`PayPal cannot cancel a ${instrument.kind} subscription`);
    const client = this.client(livemode);
    const id = instrument.subscriptionId;
    try {
      await client.cancelSubscription(id, 'The cancelled subscription period is over');
    } catch (error) {
      if (!(error instanceof PayPalApiError && error.issue === 'SUBSCRIPTION_STATUS_INVALID'))
        throw outageOr('paypal', error, isPayPalOutage);
      const { status } = await client.getSubscription(id);
      // EXPIRED: its cycles ran out, which ends it as surely.
      if (status !== 'CANCELLED' && status !== 'EXPIRED') throw error;
    }
  }

  private async moveSubscription(instrument: RenewalInstrument, livemode: boolean, move: 'suspend' | 'activate'): Promise<void> {
    if (instrument.kind !== 'paypal') throw new Error(`PayPal cannot ${move} a ${instrument.kind} subscription`);
    const client = this.client(livemode);
    const id = instrument.subscriptionId;
    try {
      if (move === 'suspend') await client.suspendSubscription(id, 'Cancelled by the subscriber');
      else await client.activateSubscription(id, 'Resumed by the subscriber');
    } catch (error) {
      // Already where it should be (a retry after a lost answer): done. Anything else is PayPal's to fix.
      if (!(error instanceof PayPalApiError && error.issue === 'SUBSCRIPTION_STATUS_INVALID'))
        throw outageOr('paypal', error, isPayPalOutage);
      const { status } = await client.getSubscription(id);
      if (status !== (move === 'suspend' ? 'SUSPENDED' : 'ACTIVE')) throw error;
    }
  }

  /**
   * A refund of what PayPal took: an order's capture (POST /v2/payments/captures/{id}/refund),
   * or a subscription's sale (POST /v1/payments/sale/{id}/refund): a renewal's sale is its
   * payment id, a subscription's first sale (the purchase) is found among the subscription's
   * transactions when it was not recorded, as is an order's capture in the order. The
   * PayPal-Request-Id is derived from the refund's key: a repeat answers the first refund.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const client = this.client(request.livemode);
    const requestId = paypalRequestId('refund', request.idempotencyKey);
    try {
      const target = await this.refundTarget(client, request);
      if (!target) {
        return {
          status: 'failed',
          refundId: null,
          code: 'payment_not_found',
          message: `PayPal holds no payment of ${request.paymentId} to refund.`,
        };
      }
      // A capture or first sale looked up is reported, for the transaction to keep it.
      const found = target.id === request.chargeId || target.id === request.paymentId ? {} : { chargeId: target.id };
      if (target.kind === 'capture') {
        const refund = await client.refundCapture(
          target.id,
          {
            amount: toPayPalMoney(request.amount, request.currencyCode),
            note_to_payer: request.reason.slice(0, 255),
            custom_id: request.metadata.refundId,
          },
          requestId,
        );
        return { ...captureRefundResult(refund), ...found };
      }
      const refund = await client.refundSale(
        target.id,
        {
          amount: { total: toPayPalValue(request.amount, request.currencyCode), currency: request.currencyCode },
          description: request.reason.slice(0, 255),
        },
        requestId,
      );
      return { ...saleRefundResult(refund), ...found };
    } catch (error) {
      if (error instanceof PayPalApiError && error.status >= 400 && error.status < 500) {
        return { status: 'failed', refundId: null, code: refundFailureOf(error), message: error.message };
      }
      throw outageOr('paypal', error, isPayPalOutage);
    }
  }

  /** A refund read back: a capture's (v2), else a sale's (v1). */
  async refundStatus(refundId: string, livemode: boolean): Promise<RefundResult> {
    const client = this.client(livemode);
    try {
      try {
        return captureRefundResult(await client.getRefund(refundId));
      } catch (error) {
        if (!(error instanceof PayPalApiError && error.status === 404)) throw error;
        return saleRefundResult(await client.getSaleRefund(refundId));
      }
    } catch (error) {
      throw outageOr('paypal', error, isPayPalOutage);
    }
  }

  /** What to refund: the capture or sale recorded, else looked up from the order or subscription. Null: PayPal took nothing. */
  private async refundTarget(client: PayPalClient, request: RefundRequest): Promise<{ kind: 'capture' | 'sale'; id: string } | null> {
    const { paymentId } = request;
    if (request.kind === 'renewal') return { kind: 'sale', id: request.chargeId ?? paymentId };
    if (!isSubscriptionId(paymentId)) {
      if (request.chargeId) return { kind: 'capture', id: request.chargeId };
      const capture = (await client.getOrder(paymentId)).purchase_units?.[0]?.payments?.captures?.[0];
      return capture ? { kind: 'capture', id: capture.id } : null;
    }
    if (request.chargeId) return { kind: 'sale', id: request.chargeId };
    // The first period's sale comes within moments of the purchase; a day either side allows for PayPal's clock and a slow activation.
    const paidAt = Date.parse(request.paidAt);
    const { transactions = [] } = await client.listSubscriptionTransactions(
      paymentId,
      new Date(paidAt - DAY_MS).toISOString(),
      new Date(paidAt + 3 * DAY_MS).toISOString(),
    );
    const first = transactions
      .filter((sale) => sale.status === 'COMPLETED' || sale.status === 'PARTIALLY_REFUNDED' || sale.status === 'REFUNDED')
      .sort((a, b) => a.time.localeCompare(b.time))[0];
    return first ? { kind: 'sale', id: first.id } : null;
  }

  private async retrieveSubscription(client: PayPalClient, subscriptionId: string): Promise<ChargeResult> {
    let subscription = await client.getSubscription(subscriptionId);
    for (const wait of this.activationWaitsMs) {
      if (subscription.status !== 'APPROVED') break;
      await this.sleep(wait);
      subscription = await client.getSubscription(subscriptionId);
    }
    return subscriptionResult(subscription);
  }
}

const orderApproval = (orderId: string): ChargeResult => ({
  status: 'requires_action',
  paymentId: orderId,
  action: { type: 'paypal_approval', flow: 'order', orderId },
});

/** Where an order stands. APPROVED is captured by the caller before it gets here; met here, it is still being settled. */
function orderResult(order: PayPalOrder): ChargeResult {
  switch (order.status) {
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
      return orderApproval(order.id);
    case 'VOIDED':
      return failed(order.id, 'cancelled');
    case 'COMPLETED': {
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') return failed(order.id, 'wallet_declined');
      if (capture?.status === 'PENDING') throw stillProcessing();
      // COMPLETED, or REFUNDED/PARTIALLY_REFUNDED: it was paid (refunds are handled elsewhere). The capture is what a refund names.
      return { status: 'succeeded', paymentId: order.id, ...(capture ? { chargeId: capture.id } : {}) };
    }
    default:
      throw stillProcessing();
  }
}

/**
 * Where a subscription stands. APPROVED (the visitor approved; PayPal has not activated it,
 * nor taken any money) is not success: PayPal's docs say SUBSCRIBE_NOW lets PayPal activate
 * the subscription, and only ACTIVE says it did. It is not an approval to ask for again
 * either, so it is "still processing" (retrieveSubscription first waits a little for it).
 */
function subscriptionResult(subscription: PayPalSubscription): ChargeResult {
  const { id } = subscription;
  switch (subscription.status) {
    case 'APPROVAL_PENDING':
      return { status: 'requires_action', paymentId: id, action: { type: 'paypal_approval', flow: 'subscription', subscriptionId: id } };
    case 'ACTIVE': {
      // Active, but its first payment failed and none went through: PayPal took nothing.
      const billing = subscription.billing_info;
      if (billing && !billing.last_payment && (billing.failed_payments_count ?? 0) > 0) return failed(id, 'wallet_declined');
      return { status: 'succeeded', paymentId: id };
    }
    case 'CANCELLED':
    case 'EXPIRED':
      return failed(id, 'cancelled');
    case 'SUSPENDED':
      // PayPal suspends a subscription whose payments failed.
      return failed(id, 'wallet_declined');
    default:
      throw stillProcessing();
  }
}

const DAY_MS = 24 * 3600_000;

function captureRefundResult(refund: PayPalRefund): RefundResult {
  if (refund.status === 'COMPLETED') return { status: 'succeeded', refundId: refund.id };
  if (refund.status === 'PENDING') return { status: 'pending', refundId: refund.id };
  return {
    status: 'failed',
    refundId: refund.id,
    code: 'refused',
    message: `PayPal ${refund.status.toLowerCase()} the refund (${refund.status_details?.reason ?? 'no reason given'}).`,
  };
}

function saleRefundResult(refund: PayPalSaleRefund): RefundResult {
  if (refund.state === 'completed') return { status: 'succeeded', refundId: refund.id };
  if (refund.state === 'pending') return { status: 'pending', refundId: refund.id };
  return { status: 'failed', refundId: refund.id, code: 'refused', message: `PayPal ${refund.state} the refund.` };
}

/** PayPal's refusals of a refund (v2 issues, v1 error names) as ours. */
const TOO_LARGE = new Set([
  'CAPTURE_FULLY_REFUNDED',
  'REFUND_AMOUNT_EXCEEDED',
  'REFUND_EXCEEDED_TRANSACTION_AMOUNT',
  'TRANSACTION_ALREADY_REFUNDED',
  'FULL_REFUND_NOT_ALLOWED_AFTER_PARTIAL_REFUND',
]);
const NOT_REFUNDABLE = new Set([
  'REFUND_TIME_LIMIT_EXCEEDED',
  'REFUND_NOT_ALLOWED',
  'REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK',
  'CAPTURE_DISPUTED_PARTIAL_REFUND_NOT_ALLOWED',
  'PENDING_CAPTURE',
  'TRANSACTION_REFUSED_BY_PAYPAL_RISK',
]);
function refundFailureOf(error: PayPalApiError): RefundFailureCode {
  const reason = error.issue ?? error.errorName ?? '';
  if (error.status === 404 || reason === 'INVALID_RESOURCE_ID') return 'payment_not_found';
  if (TOO_LARGE.has(reason)) return 'amount_too_large';
  if (NOT_REFUNDABLE.has(reason)) return 'not_refundable';
  return 'refused';
}

/** Where PayPal sends the visitor back to (the payment step), when the site's origin is known. */
function returnUrls(request: Pick<ChargeRequest, 'origin' | 'returnUrl'>): { return_url: string; cancel_url: string } | null {
  if (!request.origin) return null;
  const path = request.returnUrl.startsWith('/') ? request.returnUrl : `/${request.returnUrl}`;
  const url = `${request.origin.replace(/\/+$/, '')}${path}`;
  return { return_url: url, cancel_url: url };
}

/** PayPal's purchase unit description takes at most 127 characters. */
const clip = (text: string) => (text.length <= 127 ? text : `${text.slice(0, 126)}…`);
