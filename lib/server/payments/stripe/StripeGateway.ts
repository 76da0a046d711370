import Stripe from 'stripe';
import type { ExpressWalletId } from '@/lib/payments/express/expressWallets';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { HttpError } from '@/lib/server/http/HttpError';
import { inMode, perMode, type PerMode } from '@/lib/server/payments/perMode';
import { outageOr } from '@/lib/server/payments/providerUnavailable';
import { providerRefundKey } from '@/lib/server/payments/refundKey';
import type {
  AttemptLookup,
  AttemptRef,
  ChargeRequest,
  ChargeResult,
  GatewayEvent,
  PaidCard,
  PaymentGateway,
  PaymentInput,
  RefundFailureCode,
  RefundRequest,
  RefundResult,
  RenewalChargeRequest,
  RenewalInstrument,
  SaveCardRequest,
  SaveCardResult,
} from '@/lib/server/payments/PaymentGateway';

export interface StripeKeys {
  live?: string | undefined;
  test?: string | undefined;
}

/** Where the Stripe client connects: Stripe itself, or a local fake in tests. */
export type StripeConnection = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

/** Stripe's decline reasons, as the visitor is told them. */
export function failureCodeFor(error: { code?: string | undefined; decline_code?: string | undefined }): PaymentFailureCode {
  if (error.decline_code === 'insufficient_funds') return 'insufficient_funds';
  if (error.code === 'expired_card' || error.decline_code === 'expired_card') return 'expired_card';
  if (error.code === 'incorrect_cvc' || error.decline_code === 'incorrect_cvc') return 'incorrect_cvc';
  if (error.code === 'incorrect_number' || error.code === 'invalid_number') return 'invalid_number';
  if (
    error.code === 'payment_intent_authentication_failure' ||
    error.code === 'setup_intent_authentication_failure' ||
    error.code === 'authentication_required'
  ) {
    return 'authentication_failed';
  }
  if (error.code === 'processing_error') return 'processing_error';
  return 'generic_decline';
}

/** Stripe out of reach (after the client's own retries), failing on its side or throttling us: the visitor can only try again later. */
export function isStripeOutage(error: unknown): boolean {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  )
    return true;
  return error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500;
}

/** The window of Stripe's `created` searched for an attempt's intent, around the time its transaction was written (allows for clock skew and retries). */
const LOOKUP_WINDOW_BEFORE_S = 5 * 60;
const LOOKUP_WINDOW_AFTER_S = 15 * 60;
const LOOKUP_MAX_PAGES = 10;

type Intent =
  | Pick<Stripe.PaymentIntent, 'id' | 'status' | 'client_secret' | 'last_payment_error' | 'customer' | 'payment_method'>
  | Pick<Stripe.SetupIntent, 'id' | 'status' | 'client_secret' | 'last_setup_error' | 'customer' | 'payment_method'>;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's names of our express wallets; its others (Samsung Pay, Masterpass, …) are none of ours. */
const STRIPE_WALLETS: Readonly<Partial<Record<string, ExpressWalletId>>> = {
  apple_pay: 'apple-pay',
  google_pay: 'google-pay',
  link: 'link',
};

/**
 * The card a Stripe PaymentMethod pays with, as our records name it: the brand and the
 * card's own last four (a wallet's device number is `card.wallet.dynamic_last4`), and the
 * wallet from `card.wallet.type`. A Link PaymentMethod (`type: 'link'`) shows no card, so it
 * is named by the wallet alone ("Link"). Undefined for a payment method that is no card.
 */
export function paidCardOf(method: Pick<Stripe.PaymentMethod, 'type' | 'card'>): PaidCard | undefined {
  if (method.type === 'link') return { brand: 'card', last4: '', wallet: 'link' };
  if (!method.card) return undefined;
  const wallet = method.card.wallet ? (STRIPE_WALLETS[method.card.wallet.type] ?? null) : null;
  return { brand: method.card.brand, last4: method.card.last4, wallet };
}

/** The card of an intent whose payment method came expanded (we ask for it); undefined when it came as an id only. */
const cardOf = (intent: Pick<Intent, 'payment_method'>): PaidCard | undefined =>
  intent.payment_method && typeof intent.payment_method === 'object' ? paidCardOf(intent.payment_method) : undefined;

/**
 * What a checkout's intents may be paid with: cards, and Link's own payment methods (an
 * express row's Link payment may be one, `type: 'link'`). Neither sends the buyer away, so
 * no return_url is needed (the API version of stripe 23 names the parameter allowed_…).
 */
const CHECKOUT_METHOD_TYPES = ['card', 'link'];

/** The intent's payment method comes whole with it, so that the card charged is named without another request. */
const WITH_CARD = ['payment_method'];

/** The customer and card an intent saved for renewals; undefined when it names either not (made before customers were). */
export function instrumentOf(intent: Pick<Intent, 'customer' | 'payment_method'>): RenewalInstrument | undefined {
  const customerId = idOf(intent.customer);
  const paymentMethodId = idOf(intent.payment_method);
  return customerId && paymentMethodId ? { kind: 'stripe', customerId, paymentMethodId } : undefined;
}

/**
 * An off-session payment (a renewal) that the bank would take only with the buyer there
 * (3-D Secure): Stripe declines it with `authentication_required` and leaves the intent
 * waiting for a payment method. It is not lost: the buyer confirms the same intent later,
 * on-session, with Stripe.js (confirmCardPayment with its client secret and the card).
 */
export function awaitsAuthentication(error: { code?: string | undefined; decline_code?: string | undefined } | null | undefined): boolean {
  return error?.code === 'authentication_required' || error?.decline_code === 'authentication_required';
}

function resultOf(intent: Intent): ChargeResult {
  if (intent.status === 'succeeded') {
    const instrument = instrumentOf(intent);
    const card = cardOf(intent);
    return { status: 'succeeded', paymentId: intent.id, ...(instrument ? { instrument } : {}), ...(card ? { card } : {}) };
  }
  const offSessionAuthentication =
    intent.status === 'requires_payment_method' && 'last_payment_error' in intent && awaitsAuthentication(intent.last_payment_error);
  if ((intent.status === 'requires_action' || offSessionAuthentication) && intent.client_secret) {
    return { status: 'requires_action', paymentId: intent.id, action: { type: 'stripe_sdk', clientSecret: intent.client_secret } };
  }
  const error = 'last_payment_error' in intent ? intent.last_payment_error : 'last_setup_error' in intent ? intent.last_setup_error : null;
  return { status: 'failed', paymentId: intent.id, code: error ? failureCodeFor(error) : 'processing_error' };
}

/**
 * Stripe: a PaymentIntent confirmed with the card Stripe Elements collected, or a
 * SetupIntent where nothing is due today (a free trial, a 100 % discount) so that the
 * card is kept for renewals. Live or test keys follow the visitor's mode; the attempt's
 * idempotency key goes to Stripe as its own.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly inputKinds = ['stripe-payment-method'] as const;
  readonly setupIds = /^seti_[A-Za-z0-9_]{1,200}$/;
  private readonly clients: PerMode<Stripe>;

  constructor(keys: StripeKeys, connection: StripeConnection = {}) {
    this.clients = perMode(keys, (key) => new Stripe(key, { ...connection, maxNetworkRetries: 2, telemetry: false }));
  }

  private client(livemode: boolean): Stripe {
    return inMode(this.clients, livemode, 'Card payments are');
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.payment.kind !== 'stripe-payment-method') {
      throw new HttpError(400, 'payment_method_required', 'Please enter your card details again.');
    }
    const stripe = this.client(request.livemode);
    const options = { idempotencyKey: request.idempotencyKey };
    try {
      // The card is saved on a customer of its own, so that renewals can charge it off-session.
      const customer = await stripe.customers.create(
        { email: request.customer.email, name: request.customer.name, metadata: request.metadata },
        { idempotencyKey: `${request.idempotencyKey}:customer` },
      );
      return await this.chargeFor(stripe, request, request.payment.paymentMethodId, customer.id, options);
    } catch (error) {
      return this.refusal(error);
    }
  }

  private async chargeFor(
    stripe: Stripe,
    request: ChargeRequest,
    paymentMethodId: string,
    customerId: string,
    options: { idempotencyKey: string },
  ): Promise<ChargeResult> {
    const common = {
      customer: customerId,
      payment_method: paymentMethodId,
      allowed_payment_method_types: CHECKOUT_METHOD_TYPES,
      confirm: true,
      description: request.description,
      metadata: request.metadata,
      expand: WITH_CARD,
    };
    if (request.amount > 0) {
      const intent = await stripe.paymentIntents.create(
        {
          ...common,
          amount: request.amount,
          currency: request.currencyCode.toLowerCase(),
          receipt_email: request.customer.email,
          setup_future_usage: 'off_session',
        },
        options,
      );
      return resultOf(intent);
    }
    const setup = await stripe.setupIntents.create({ ...common, usage: 'off_session' }, options);
    return resultOf(setup);
  }

  /** What a refused or failed request means for the visitor: a decline, a fresh start, or an outage. */
  private refusal(error: unknown): ChargeResult {
    if (error instanceof Stripe.errors.StripeCardError) {
      const raw = error.raw as { payment_intent?: { id?: string }; setup_intent?: { id?: string } };
      return { status: 'failed', paymentId: raw.payment_intent?.id ?? raw.setup_intent?.id ?? null, code: failureCodeFor(error) };
    }
    // Stripe refused the request itself (an unknown payment method, an amount below its
    // minimum): nothing was charged, and the visitor can try another card.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'failed', paymentId: null, code: 'processing_error' };
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      throw new HttpError(
        409,
        'idempotency_key_reused',
        'This checkout attempt was already used for a different order. Please reload the page and try again.',
      );
    }
    throw outageOr('card', error, isStripeOutage);
  }

  /**
   * A renewal: an off-session PaymentIntent on the customer and card the subscription kept,
   * confirmed at once, under the renewal try's idempotency key (a repeated request charges
   * once). Its metadata carries our transaction id, as the checkout's does, so that the
   * webhook finds the renewal's invoice. A decline fails with the checkout's codes; a bank
   * that wants 3-D Secure answers requires_action with the intent's client secret; Stripe
   * out of reach throws, for the engine to try the same key again later.
   */
  async renew(request: RenewalChargeRequest): Promise<ChargeResult> {
    const { instrument } = request;
    if (instrument.kind !== 'stripe') throw new Error(`StripeGateway.renew cannot charge a ${instrument.kind} renewal instrument`);
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
      throw new Error(`StripeGateway.renew needs a positive whole amount in minor units, not ${request.amount}`);
    }
    const stripe = this.client(request.livemode);
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currencyCode.toLowerCase(),
          customer: instrument.customerId,
          payment_method: instrument.paymentMethodId,
          // The checkout's kinds: a subscription bought with Link may keep a Link payment method.
          allowed_payment_method_types: CHECKOUT_METHOD_TYPES,
          off_session: true,
          confirm: true,
          description: request.description,
          receipt_email: request.customer.email,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return resultOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError && awaitsAuthentication(error)) {
        const intent = error.payment_intent;
        if (intent?.client_secret) {
          return { status: 'requires_action', paymentId: intent.id, action: { type: 'stripe_sdk', clientSecret: intent.client_secret } };
        }
      }
      return this.refusal(error);
    }
  }

  async retrieve(paymentId: string, livemode: boolean): Promise<ChargeResult> {
    const stripe = this.client(livemode);
    try {
      const params = { expand: WITH_CARD };
      return resultOf(
        paymentId.startsWith('seti_')
          ? await stripe.setupIntents.retrieve(paymentId, params)
          : await stripe.paymentIntents.retrieve(paymentId, params),
      );
    } catch (error) {
      throw outageOr('card', error, isStripeOutage);
    }
  }

  /**
   * A refund of a purchase's or a renewal's PaymentIntent (refunds.create on the intent),
   * under a key derived from the refund's: Stripe answers a repeat with the first refund. A
   * card's refund is usually succeeded at once; one Stripe leaves pending is read back later.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.paymentId.startsWith('pi_')) {
      // A SetupIntent (a free trial, a 100 % discount) took no money.
      return { status: 'failed', refundId: null, code: 'payment_not_found', message: `Stripe took no payment with ${request.paymentId}.` };
    }
    const stripe = this.client(request.livemode);
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amount,
          metadata: { ...request.metadata, reason: request.reason.slice(0, 500) },
        },
        { idempotencyKey: `refund-${providerRefundKey(request.idempotencyKey, 40)}` },
      );
      return refundResultOf(refund);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        return { status: 'failed', refundId: null, code: refundFailureOf(error.code), message: error.message };
      }
      throw outageOr('card', error, isStripeOutage);
    }
  }

  async refundStatus(refundId: string, livemode: boolean): Promise<RefundResult> {
    try {
      return refundResultOf(await this.client(livemode).refunds.retrieve(refundId));
    } catch (error) {
      throw outageOr('card', error, isStripeOutage);
    }
  }

  /**
   * Keeps a new card for a subscription's renewals: a SetupIntent (off_session, confirmed
   * with the card Elements collected, nothing charged) on the subscription's customer when
   * it has one, else on a new customer. 3-D Secure answers requires_action with the client
   * secret; savedCard reads the outcome afterwards.
   */
  async saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
    if (request.payment.kind !== 'stripe-payment-method') {
      throw new HttpError(400, 'payment_method_required', 'Please enter your card details again.');
    }
    const stripe = this.client(request.livemode);
    const metadata = { subscriptionId: request.subscriptionId };
    try {
      const customerId =
        request.current?.kind === 'stripe'
          ? request.current.customerId
          : (
              await stripe.customers.create(
                { email: request.customer.email, metadata },
                { idempotencyKey: `${request.idempotencyKey}:customer` },
              )
            ).id;
      // Cards only (the account's card field makes nothing else): no redirect-based method, so no return_url is needed.
      const params = {
        customer: customerId,
        payment_method: request.payment.paymentMethodId,
        allowed_payment_method_types: ['card'],
        usage: 'off_session' as const,
        confirm: true,
        metadata,
      };
      const setup = await stripe.setupIntents.create(params, { idempotencyKey: request.idempotencyKey });
      return await this.savedCardOf(stripe, setup);
    } catch (error) {
      const refused = this.refusal(error);
      if (refused.status === 'failed') return { status: 'failed', code: refused.code };
      // refusal() answers only failures, or throws: nothing else reaches here.
      throw new Error('Stripe refused a card to save without a failure', { cause: error });
    }
  }

  async savedCard(setupId: string, livemode: boolean): Promise<{ result: SaveCardResult; subscriptionId: string | null }> {
    const stripe = this.client(livemode);
    try {
      const setup = await stripe.setupIntents.retrieve(setupId);
      return { result: await this.savedCardOf(stripe, setup), subscriptionId: setup.metadata?.subscriptionId ?? null };
    } catch (error) {
      // An id Stripe does not know is no setup of this subscription.
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        return { result: { status: 'failed', code: 'processing_error' }, subscriptionId: null };
      throw outageOr('card', error, isStripeOutage);
    }
  }

  /** A SetupIntent as a saved card: the brand and last four digits are read from its payment method. */
  private async savedCardOf(
    stripe: Stripe,
    setup: Pick<Stripe.SetupIntent, 'id' | 'status' | 'client_secret' | 'last_setup_error' | 'customer' | 'payment_method'>,
  ): Promise<SaveCardResult> {
    const result = resultOf(setup);
    if (result.status === 'requires_action') return { status: 'requires_action', setupId: setup.id, action: result.action };
    if (result.status === 'failed') return { status: 'failed', code: result.code };
    const instrument = instrumentOf(setup);
    if (!instrument || instrument.kind !== 'stripe') return { status: 'failed', code: 'processing_error' };
    const method = await stripe.paymentMethods.retrieve(instrument.paymentMethodId);
    return { status: 'saved', instrument, card: { brand: method.card?.brand ?? 'unknown', last4: method.card?.last4 ?? '' } };
  }

  /**
   * The intent charged for an attempt, found by the transaction id its metadata carries
   * among the intents Stripe created from around the time the transaction was written to
   * around the key's last claim (a retry may have charged long after; a list,
   * which Stripe answers from its own records at once, unlike its search, which lags and
   * is not offered everywhere). Nothing in that window: nothing was charged. A window
   * longer than the pages we read, an intent still processing, or Stripe out of reach:
   * unknown, left for the webhook (payment_intent.succeeded carries the same metadata).
   */
  async lookupAttempt(attempt: AttemptRef): Promise<AttemptLookup> {
    const stripe = this.client(attempt.livemode);
    const written = Math.floor(Date.parse(attempt.createdAt) / 1000);
    const claimed = attempt.lastClaimedAt ? Math.floor(Date.parse(attempt.lastClaimedAt) / 1000) : written;
    const created = { gte: Math.min(written, claimed) - LOOKUP_WINDOW_BEFORE_S, lte: Math.max(written, claimed) + LOOKUP_WINDOW_AFTER_S };
    const list = (startingAfter: string | undefined) => {
      const page = { created, limit: 100, expand: ['data.payment_method'], ...(startingAfter ? { starting_after: startingAfter } : {}) };
      return attempt.amount > 0 ? stripe.paymentIntents.list(page) : stripe.setupIntents.list(page);
    };
    try {
      let startingAfter: string | undefined;
      for (let page = 0; page < LOOKUP_MAX_PAGES; page += 1) {
        const { data, has_more: hasMore } = await list(startingAfter);
        const intent = data.find(
          (candidate: Stripe.PaymentIntent | Stripe.SetupIntent) => candidate.metadata?.transactionId === attempt.transactionId,
        );
        if (intent) {
          return intent.status === 'processing'
            ? { kind: 'unknown', reason: 'Stripe is still processing the payment' }
            : { kind: 'charged', result: resultOf(intent) };
        }
        if (!hasMore) return { kind: 'nothing' };
        startingAfter = data.at(-1)?.id;
      }
      return { kind: 'unknown', reason: `more than ${LOOKUP_MAX_PAGES * 100} Stripe intents around the attempt` };
    } catch (error) {
      return { kind: 'unknown', reason: `Stripe did not answer the lookup: ${(error as Error).message}` };
    }
  }

  /**
   * The card a payment method pays with (a webhook's intent names its payment method by id
   * only). Undefined when Stripe does not say (not a card, an unknown id, a mode without
   * keys, Stripe out of reach): the payment is recorded all the same, its card unnamed, since
   * what was paid matters more than the words the invoice uses for the card.
   */
  async paidCard(paymentMethodId: string, livemode: boolean): Promise<PaidCard | undefined> {
    try {
      return paidCardOf(await this.client(livemode).paymentMethods.retrieve(paymentMethodId));
    } catch {
      return undefined;
    }
  }

  /**
   * The card's fingerprint, Stripe's own (the same card number gives the same one in our
   * account): one read of the PaymentMethod, no charge. Null when Stripe does not say (not a
   * card, an unknown payment method, Stripe out of reach): the submit is then limited per
   * address only, and the charge itself fails or goes through as it would have.
   */
  async cardFingerprint(payment: PaymentInput, livemode: boolean): Promise<string | null> {
    if (payment.kind !== 'stripe-payment-method') return null;
    try {
      const method = await this.client(livemode).paymentMethods.retrieve(payment.paymentMethodId);
      return method.card?.fingerprint ?? null;
    } catch {
      return null;
    }
  }
}

/** A Stripe refund as our refund result: pending (and requires_action, which a card never has) waits; failed and canceled refunded nothing. */
function refundResultOf(refund: Pick<Stripe.Refund, 'id' | 'status' | 'failure_reason'>): RefundResult {
  if (refund.status === 'succeeded') return { status: 'succeeded', refundId: refund.id };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return {
      status: 'failed',
      refundId: refund.id,
      code: 'refused',
      message: `Stripe ${refund.status} the refund (${refund.failure_reason ?? 'no reason given'}).`,
    };
  }
  return { status: 'pending', refundId: refund.id };
}

/** Stripe's refusals of a refund request (its error codes) as ours. */
function refundFailureOf(code: string | undefined): RefundFailureCode {
  if (code === 'amount_too_large' || code === 'charge_already_refunded') return 'amount_too_large';
  if (code === 'charge_disputed' || code === 'refund_disputed_payment' || code === 'charge_not_refundable') return 'not_refundable';
  if (code === 'resource_missing') return 'payment_not_found';
  return 'refused';
}

/** Stripe events that move a payment, as gateway events; other event types are null. */
export function gatewayEventFrom(event: Stripe.Event): GatewayEvent | null {
  const about = (object: { id: string; metadata?: Stripe.Metadata | null }) => ({
    id: event.id,
    gateway: 'stripe' as const,
    paymentId: object.id,
    transactionId: object.metadata?.transactionId,
    livemode: event.livemode,
  });
  const failed = (error: { code?: string; decline_code?: string } | null | undefined) => ({
    type: 'payment.failed' as const,
    failureCode: error ? failureCodeFor(error) : ('generic_decline' as const),
  });
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'setup_intent.succeeded':
      return {
        ...about(event.data.object),
        type: 'payment.succeeded',
        instrument: instrumentOf(event.data.object),
        card: cardOf(event.data.object),
      };
    case 'payment_intent.payment_failed':
      // A renewal waiting for the buyer's 3-D Secure has not failed: they may still confirm it.
      if (awaitsAuthentication(event.data.object.last_payment_error)) return null;
      return { ...about(event.data.object), ...failed(event.data.object.last_payment_error) };
    case 'setup_intent.setup_failed':
      return { ...about(event.data.object), ...failed(event.data.object.last_setup_error) };
    default:
      return null;
  }
}
