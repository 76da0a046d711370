import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type {
  RenewalChargeRequest,
  AttemptLookup,
  AttemptRef,
  ChargeRequest,
  ChargeResult,
  GatewayEvent,
  PaymentGateway,
  PaymentInput,
  RefundRequest,
  RefundResult,
  SaveCardRequest,
  SaveCardResult,
} from '@/lib/server/payments/PaymentGateway';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { cardPagePath, cardPageSubscription, renewalPaymentReturn } from '@/lib/account/cardChange';
import { cardBrand, digitsOnly, luhnValid, renewalScenarioForCard, scenarioForCard } from '@/lib/payments/sandbox/testCards';
import { randomId } from '@/lib/server/ids';
import { serverSecret } from '@/lib/server/db/serverSecrets';
import { PaymentProviderUnavailable } from '@/lib/server/payments/providerUnavailable';
import { SandboxPaymentRepository } from './SandboxPaymentRepository';
import type { SandboxIntent } from './sandboxPayments';
import { sandboxChargeResult, sandboxFinalEvent } from './sandboxOutcome';
import { refundInSandbox, sandboxRefundStatus } from './sandboxRefunds';

export type AuthenticationOutcome = 'approve' | 'fail';

/** The ids the sandbox gives its payments: randomId('pi_sandbox'). */
export const SANDBOX_PAYMENT_ID = /^pi_sandbox_[a-z2-7]{20}$/;

/** The sandbox bank's authentication page for a payment. */
export const sandboxAuthenticationPath = (paymentId: string) => `/sandbox/authenticate/${paymentId}`;

/**
 * The embedded payment gateway: a state machine kept in the database that behaves like
 * Stripe's test mode for Stripe's test card numbers. It charges at most once per
 * idempotency key, needs 3-D Secure for the cards that do, and reports every final state
 * as a gateway event, as Stripe's webhooks do.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly inputKinds = ['sandbox-card'] as const;
  readonly setupIds = SANDBOX_PAYMENT_ID;

  private readonly intents: SandboxPaymentRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly emit: (event: GatewayEvent) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.intents = new SandboxPaymentRepository(db);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.payment.kind !== 'sandbox-card') throw new Error('The sandbox gateway takes sandbox cards only');
    const existing = await this.intents.findIntentByIdempotencyKey(request.idempotencyKey);
    if (existing) return resultOf(existing);

    const number = digitsOnly(request.payment.number);
    // Rejected before any charge, as a real gateway's card form would.
    if (!luhnValid(number)) return { status: 'failed', paymentId: null, code: 'invalid_number' };

    const scenario = scenarioForCard(number);
    // As when Stripe cannot be reached: nothing is recorded, so a retry of the attempt may pay.
    if (scenario.kind === 'provider_unavailable')
      throw new PaymentProviderUnavailable('card', new Error('sandbox: simulated provider outage'));
    const at = this.now().toISOString();
    const intent: SandboxIntent = {
      id: randomId('pi_sandbox'),
      amount: request.amount,
      currencyCode: request.currencyCode,
      status: scenario.kind === 'approve' ? 'succeeded' : scenario.kind === 'decline' ? 'requires_payment_method' : 'requires_action',
      cardBrand: cardBrand(number),
      cardLast4: number.slice(-4),
      afterAuthentication: scenario.kind === 'authenticate' ? scenario.then : null,
      returnUrl: request.returnUrl,
      lastErrorCode: scenario.kind === 'decline' ? scenario.code : null,
      idempotencyKey: request.idempotencyKey,
      renewals: renewalScenarioForCard(number),
      createdAt: at,
      updatedAt: at,
    };
    const stored = await this.store(intent);
    // A concurrent charge with the same key won: answer as it did.
    if (!stored.created) return resultOf(stored.intent);
    await this.emitFinal(intent);
    return resultOf(intent);
  }

  /**
   * Keeps a card for a subscription's renewals, charging nothing: the test cards decline as
   * a charge does (same codes), and an approved one is a sandbox payment of 0 that stands
   * for the saved card. A 3-D Secure card waits for the sandbox bank's page, as at checkout;
   * the payment's return URL is the subscription's card page, where the visitor comes back
   * to confirm it (savedCard). Nothing is emitted (no order is paid).
   */
  async saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
    if (request.payment.kind !== 'sandbox-card') throw new Error('The sandbox gateway takes sandbox cards only');
    const existing = await this.intents.findIntentByIdempotencyKey(request.idempotencyKey);
    if (existing) return savedCardOf(existing);
    const number = digitsOnly(request.payment.number);
    if (!luhnValid(number)) return { status: 'failed', code: 'invalid_number' };
    const scenario = scenarioForCard(number);
    if (scenario.kind === 'provider_unavailable')
      throw new PaymentProviderUnavailable('card', new Error('sandbox: simulated provider outage'));
    const at = this.now().toISOString();
    const intent: SandboxIntent = {
      id: randomId('pi_sandbox'),
      amount: 0,
      currencyCode: request.currencyCode,
      status: scenario.kind === 'approve' ? 'succeeded' : scenario.kind === 'decline' ? 'requires_payment_method' : 'requires_action',
      cardBrand: cardBrand(number),
      cardLast4: number.slice(-4),
      afterAuthentication: scenario.kind === 'authenticate' ? scenario.then : null,
      returnUrl: cardPagePath(request.subscriptionId, request.livemode),
      lastErrorCode: scenario.kind === 'decline' ? scenario.code : null,
      idempotencyKey: request.idempotencyKey,
      renewals: renewalScenarioForCard(number),
      createdAt: at,
      updatedAt: at,
    };
    return savedCardOf((await this.store(intent)).intent);
  }

  /**
   * A card being saved, once the visitor is back from the sandbox bank's page: where it
   * stands, and the subscription it is for (null for a checkout's payment, or none). Looks only.
   */
  async savedCard(setupId: string): Promise<{ result: SaveCardResult; subscriptionId: string | null }> {
    const intent = await this.find(setupId);
    if (!intent) return { result: { status: 'failed', code: 'processing_error' }, subscriptionId: null };
    return { result: savedCardOf(intent), subscriptionId: cardSaveSubscription(intent) };
  }

  /** The visitor approves or fails authentication on the sandbox bank's page. */
  async authenticate(paymentId: string, outcome: AuthenticationOutcome): Promise<SandboxIntent | null> {
    const intent = await this.find(paymentId);
    if (!intent) return null;
    if (intent.status !== 'requires_action') return intent;
    const approved = outcome === 'approve' && intent.afterAuthentication === 'approve';
    const failure: PaymentFailureCode | null = approved ? null : outcome === 'fail' ? 'authentication_failed' : 'generic_decline';
    const moved = await this.intents.resolveIntent(
      paymentId,
      { status: approved ? 'succeeded' : 'requires_payment_method', lastErrorCode: failure },
      this.now(),
    );
    const current = (await this.find(paymentId))!;
    // A card kept for a subscription pays no order: there is nothing to report.
    if (moved && cardSaveSubscription(current) === null) await this.emitFinal(current);
    return current;
  }

  /**
   * A renewal, off-session, on the card a payment saved: as that test card behaves at Stripe
   * (0341 declines, 3184 wants the buyer, others pay). Nothing is emitted: the renewal
   * engine records what it is answered, and a repeated key answers as the first time.
   */
  async renew(request: RenewalChargeRequest): Promise<ChargeResult> {
    if (request.instrument.kind !== 'sandbox-card') throw new Error('The sandbox gateway renews sandbox cards only');
    const existing = await this.intents.findIntentByIdempotencyKey(request.idempotencyKey);
    if (existing) return resultOf(existing);
    const saved = await this.intents.findIntent(request.instrument.paymentIntentId);
    if (!saved) return { status: 'failed', paymentId: null, code: 'payment_method_required' };
    const at = this.now().toISOString();
    const outcome = saved.renewals;
    const intent: SandboxIntent = {
      id: randomId('pi_sandbox'),
      amount: request.amount,
      currencyCode: request.currencyCode,
      status: outcome === 'approve' ? 'succeeded' : outcome === 'decline' ? 'requires_payment_method' : 'requires_action',
      cardBrand: saved.cardBrand,
      cardLast4: saved.cardLast4,
      afterAuthentication: outcome === 'authenticate' ? 'approve' : null,
      // The bank's page sends the subscriber back to their card page, which asks the server how it went.
      returnUrl: outcome === 'authenticate' ? renewalPaymentReturn(request.metadata.subscriptionId, request.livemode) : null,
      lastErrorCode: outcome === 'decline' ? 'generic_decline' : null,
      idempotencyKey: request.idempotencyKey,
      renewals: outcome,
      createdAt: at,
      updatedAt: at,
    };
    return resultOf((await this.store(intent)).intent);
  }

  /** A refund of a card payment (a purchase's or a renewal's), done at once, as a card's at Stripe. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const intent = await this.find(request.paymentId);
    const paid = intent ? { amount: intent.amount, currencyCode: intent.currencyCode, succeeded: intent.status === 'succeeded' } : null;
    return refundInSandbox(this.intents, request, paid, this.now());
  }

  refundStatus(refundId: string): Promise<RefundResult> {
    return sandboxRefundStatus(this.intents, refundId);
  }

  async retrieve(paymentId: string): Promise<ChargeResult> {
    const intent = await this.find(paymentId);
    if (!intent) throw new Error(`unknown sandbox payment ${paymentId}`);
    return resultOf(intent);
  }

  /** The intent charged under the attempt's key; none means nothing was charged (the key is unique in the table). */
  async lookupAttempt(attempt: AttemptRef): Promise<AttemptLookup> {
    const intent = await this.intents.findIntentByIdempotencyKey(attempt.idempotencyKey);
    return intent ? { kind: 'charged', result: resultOf(intent) } : { kind: 'nothing' };
  }

  /**
   * The card's fingerprint for per-card limits: an HMAC-SHA256 of its number under a random
   * server secret kept in the database (the same for every app instance); never the number.
   */
  async cardFingerprint(payment: PaymentInput): Promise<string | null> {
    if (payment.kind !== 'sandbox-card') return null;
    const key = await serverSecret(this.db, 'sandbox-card-fingerprint');
    return createHmac('sha256', key).update(digitsOnly(payment.number)).digest('hex');
  }

  async find(paymentId: string): Promise<SandboxIntent | null> {
    return this.intents.findIntent(paymentId);
  }

  /** Writes a new intent once per idempotency key: a concurrent call with the same key that won is answered instead. */
  private async store(intent: SandboxIntent): Promise<{ intent: SandboxIntent; created: boolean }> {
    if (await this.intents.insertIntent(intent)) return { intent, created: true };
    const winner = await this.intents.findIntentByIdempotencyKey(intent.idempotencyKey);
    if (!winner) throw new Error('sandbox intent vanished after an idempotency conflict');
    return { intent: winner, created: false };
  }

  private async emitFinal(intent: SandboxIntent): Promise<void> {
    if (intent.status === 'requires_action') return;
    await this.emit(sandboxFinalEvent('sandbox', intent));
  }
}

function resultOf(intent: SandboxIntent): ChargeResult {
  return sandboxChargeResult(intent, sandboxAuthenticationPath, 'processing_error');
}

/**
 * The subscription a sandbox payment keeps a card for: saveCard makes its card page the
 * payment's return URL. Null for a checkout's payment, which returns to the payment step.
 */
export function cardSaveSubscription(intent: Pick<SandboxIntent, 'returnUrl'>): string | null {
  return intent.returnUrl === null ? null : cardPageSubscription(intent.returnUrl);
}

/** A sandbox payment made by saveCard, as the card it stands for, or the bank's page it waits for. */
function savedCardOf(intent: SandboxIntent): SaveCardResult {
  if (intent.status === 'requires_action') {
    return { status: 'requires_action', setupId: intent.id, action: { type: 'redirect', url: sandboxAuthenticationPath(intent.id) } };
  }
  if (intent.status !== 'succeeded') return { status: 'failed', code: intent.lastErrorCode ?? 'processing_error' };
  return {
    status: 'saved',
    instrument: { kind: 'sandbox-card', paymentIntentId: intent.id },
    card: { brand: intent.cardBrand, last4: intent.cardLast4 },
  };
}
