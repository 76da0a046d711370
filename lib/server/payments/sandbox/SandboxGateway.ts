import { createHmac } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SandboxPaymentIntentTable } from '../../db/schema';
import type { AttemptLookup, AttemptRef, ChargeRequest, ChargeResult, GatewayEvent, PaymentGateway, PaymentInput } from '../PaymentGateway';
import type { PaymentFailureCode } from '../../../payments/paymentErrors';
import { cardBrand, digitsOnly, luhnValid, scenarioForCard } from '../../../payments/testCards';
import { randomId } from '../../ids';
import { serverSecret } from '../../db/serverSecrets';
import { PaymentProviderUnavailable } from '../providerUnavailable';

type Intent = Selectable<SandboxPaymentIntentTable>;

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

  constructor(
    private readonly db: Kysely<Database>,
    private readonly emit: (event: GatewayEvent) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.payment.kind !== 'sandbox-card') throw new Error('The sandbox gateway takes sandbox cards only');
    const existing = await this.findByIdempotencyKey(request.idempotencyKey);
    if (existing) return resultOf(existing);

    const number = digitsOnly(request.payment.number);
    // Rejected before any charge, as a real gateway's card form would.
    if (!luhnValid(number)) return { status: 'failed', paymentId: null, code: 'invalid_number' };

    const scenario = scenarioForCard(number);
    // As when Stripe cannot be reached: nothing is recorded, so a retry of the attempt may pay.
    if (scenario.kind === 'provider_unavailable') throw new PaymentProviderUnavailable('card', new Error('sandbox: simulated provider outage'));
    const at = this.now().toISOString();
    const intent: Intent = {
      id: randomId('pi_sandbox'),
      amount: request.amount,
      currency_code: request.currencyCode,
      status: scenario.kind === 'approve' ? 'succeeded' : scenario.kind === 'decline' ? 'requires_payment_method' : 'requires_action',
      card_brand: cardBrand(number),
      card_last4: number.slice(-4),
      after_authentication: scenario.kind === 'authenticate' ? scenario.then : null,
      return_url: request.returnUrl,
      last_error_code: scenario.kind === 'decline' ? scenario.code : null,
      idempotency_key: request.idempotencyKey,
      created_at: at,
      updated_at: at,
    };
    const inserted = await this.db
      .insertInto('sandbox_payment_intents')
      .values(intent)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      // A concurrent charge with the same key won: answer as it did.
      const winner = await this.findByIdempotencyKey(request.idempotencyKey);
      if (!winner) throw new Error('sandbox intent vanished after an idempotency conflict');
      return resultOf(winner);
    }
    await this.emitFinal(intent);
    return resultOf(intent);
  }

  /** The visitor approves or fails authentication on the sandbox bank's page. */
  async authenticate(paymentId: string, outcome: AuthenticationOutcome): Promise<Intent | null> {
    const intent = await this.find(paymentId);
    if (!intent) return null;
    if (intent.status !== 'requires_action') return intent;
    const approved = outcome === 'approve' && intent.after_authentication === 'approve';
    const failure: PaymentFailureCode | null = approved ? null : outcome === 'fail' ? 'authentication_failed' : 'generic_decline';
    const updated = await this.db
      .updateTable('sandbox_payment_intents')
      .set({ status: approved ? 'succeeded' : 'requires_payment_method', last_error_code: failure, updated_at: this.now().toISOString() })
      .where('id', '=', paymentId)
      .where('status', '=', 'requires_action')
      .executeTakeFirst();
    const current = (await this.find(paymentId))!;
    if (Number(updated.numUpdatedRows) > 0) await this.emitFinal(current);
    return current;
  }

  async retrieve(paymentId: string): Promise<ChargeResult> {
    const intent = await this.find(paymentId);
    if (!intent) throw new Error(`unknown sandbox payment ${paymentId}`);
    return resultOf(intent);
  }

  /** The intent charged under the attempt's key; none means nothing was charged (the key is unique in the table). */
  async lookupAttempt(attempt: AttemptRef): Promise<AttemptLookup> {
    const intent = await this.findByIdempotencyKey(attempt.idempotencyKey);
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

  async find(paymentId: string): Promise<Intent | null> {
    return (await this.db.selectFrom('sandbox_payment_intents').selectAll().where('id', '=', paymentId).executeTakeFirst()) ?? null;
  }

  private async findByIdempotencyKey(key: string): Promise<Intent | null> {
    return (await this.db.selectFrom('sandbox_payment_intents').selectAll().where('idempotency_key', '=', key).executeTakeFirst()) ?? null;
  }

  private async emitFinal(intent: Intent): Promise<void> {
    if (intent.status === 'requires_action') return;
    await this.emit({
      id: randomId('evt_sandbox'),
      gateway: 'sandbox',
      type: intent.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      paymentId: intent.id,
      ...(intent.last_error_code ? { failureCode: intent.last_error_code as PaymentFailureCode } : {}),
    });
  }
}

function resultOf(intent: Intent): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', paymentId: intent.id };
  if (intent.status === 'requires_action') {
    return { status: 'requires_action', paymentId: intent.id, action: { type: 'redirect', url: sandboxAuthenticationPath(intent.id) } };
  }
  return { status: 'failed', paymentId: intent.id, code: (intent.last_error_code ?? 'processing_error') as PaymentFailureCode };
}
