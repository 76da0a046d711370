import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type {
  AttemptLookup,
  AttemptRef,
  ChargeRequest,
  ChargeResult,
  GatewayEvent,
  PaymentGateway,
  ProviderRenewalRequest,
  RefundRequest,
  RefundResult,
  RenewalChargeRequest,
  RenewalInstrument,
} from '@/lib/server/payments/PaymentGateway';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { WalletId } from '@/lib/payments/methods';
import { randomId } from '@/lib/server/ids';
import { walletFlowFor } from '@/lib/server/payments/walletFlow';
import { SandboxPaymentRepository } from './SandboxPaymentRepository';
import type { SandboxWalletPayment } from './sandboxPayments';
import { sandboxChargeResult, sandboxFinalEvent } from './sandboxOutcome';
import { sandboxPayPalRenewal } from './sandboxPayPalRenewal';
import { refundInSandbox, SANDBOX_SALE_ID, sandboxRefundStatus, type SandboxPaid } from './sandboxRefunds';

/** What the visitor does on the sandbox wallet's page; `approve-renewals-fail` pays today, and every renewal fails. */
export const WALLET_OUTCOMES = ['approve', 'approve-renewals-fail', 'cancel', 'fail'] as const;
export type WalletOutcome = (typeof WALLET_OUTCOMES)[number];

/** The ids the sandbox wallets give their payments: randomId('wp_sandbox'). */
export const SANDBOX_WALLET_PAYMENT_ID = /^wp_sandbox_[a-z2-7]{20}$/;

/** The sandbox wallet's approval page for a payment. */
export const sandboxWalletPath = (paymentId: string) => `/sandbox/wallet/${paymentId}`;

/**
 * A wallet without keys (the default, and what QA drives): a payment kept in the database
 * that the visitor approves, cancels or fails on our own page, clearly marked as a sandbox,
 * as they would at PayPal or Amazon Pay. It makes at most one payment per idempotency key,
 * and each payment is answered once: a second approval changes nothing. Every final state
 * is reported as a gateway event, as the real wallets' notifications are.
 */
export class SandboxWalletGateway implements PaymentGateway {
  readonly name: 'sandbox-paypal' | 'sandbox-amazon-pay';
  readonly inputKinds: readonly ['paypal'] | readonly ['amazon-pay'];
  private readonly payments: SandboxPaymentRepository;
  /** Amazon Pay's renewals are ours to charge (the renewal engine); PayPal's are not: it renews by itself. */
  readonly renew?: (request: RenewalChargeRequest) => Promise<ChargeResult>;
  /** The sandbox PayPal only: as PayPal, it cancels for good, and renews by itself (sending itself PayPal's webhook events). */
  readonly cancelRenewals?: (instrument: RenewalInstrument) => Promise<void>;
  readonly renewAtProvider?: (request: ProviderRenewalRequest) => Promise<void>;

  constructor(
    readonly wallet: WalletId,
    db: Kysely<Database>,
    private readonly emit: (event: GatewayEvent) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.payments = new SandboxPaymentRepository(db);
    this.name = wallet === 'paypal' ? 'sandbox-paypal' : 'sandbox-amazon-pay';
    this.inputKinds = wallet === 'paypal' ? (['paypal'] as const) : (['amazon-pay'] as const);
    if (wallet === 'paypal') {
      this.cancelRenewals = (instrument) => this.cancelForGood(instrument);
      this.renewAtProvider = (request) => this.renewByItself(request);
    } else {
      this.renew = (request) => this.chargeRenewal(request);
    }
  }

  /** The agreement a subscription's instrument names: a paid payment of this wallet. */
  private async agreement(instrument: RenewalInstrument): Promise<SandboxWalletPayment | null> {
    if (instrument.kind !== 'sandbox-wallet' || instrument.wallet !== this.wallet)
      throw new Error(`The ${this.wallet} sandbox cannot renew a ${instrument.kind} subscription`);
    const payment = await this.find(instrument.paymentId);
    return payment?.status === 'succeeded' ? payment : null;
  }

  /**
   * A renewal of a sandbox Amazon Pay subscription, charged by us on its agreement: paid, or
   * refused as Amazon's hard decline (`wallet_declined`) when it was approved with "renewals
   * will fail". Each renewal is a payment of its own, made once per key.
   */
  private async chargeRenewal(request: RenewalChargeRequest): Promise<ChargeResult> {
    const existing = await this.payments.findWalletPaymentByIdempotencyKey(this.wallet, request.idempotencyKey);
    if (existing) return resultOf(existing);
    const agreement = await this.agreement(request.instrument);
    if (!agreement) return { status: 'failed', paymentId: null, code: 'payment_method_required' };
    const at = this.now().toISOString();
    const declined = agreement.renewals === 'decline';
    const payment: SandboxWalletPayment = {
      id: randomId('wp_sandbox'),
      wallet: this.wallet,
      flow: 'subscription',
      amount: request.amount,
      currencyCode: request.currencyCode,
      description: request.description,
      status: declined ? 'failed' : 'succeeded',
      returnUrl: '',
      lastErrorCode: declined ? 'wallet_declined' : null,
      idempotencyKey: request.idempotencyKey,
      livemode: request.livemode,
      renewals: agreement.renewals,
      renewalsCancelledAt: null,
      createdAt: at,
      updatedAt: at,
    };
    if (!(await this.payments.insertWalletPayment(payment))) {
      const winner = await this.payments.findWalletPaymentByIdempotencyKey(this.wallet, request.idempotencyKey);
      if (!winner) throw new Error('sandbox wallet renewal vanished after an idempotency conflict');
      return resultOf(winner);
    }
    return resultOf(payment);
  }

  /** PayPal's cancel, at the end of a cancelled period: recorded on the agreement; done twice is done once. */
  private async cancelForGood(instrument: RenewalInstrument): Promise<void> {
    const agreement = await this.agreement(instrument);
    if (!agreement) throw new Error('The PayPal sandbox has no such paid subscription');
    await this.payments.cancelWalletRenewals(this.wallet, agreement.id, this.now());
  }

  /**
   * PayPal's own renewal of a period, as the subscription's clock passes it: the sale, or
   * the failed payment (approved with "renewals will fail"), and after PayPal's last retry
   * the suspension, each sent to ourselves as PayPal's webhook event. A suspended or
   * cancelled subscription is not billed.
   */
  private async renewByItself(request: ProviderRenewalRequest): Promise<void> {
    const agreement = await this.agreement(request.instrument);
    if (!agreement) throw new Error('The PayPal sandbox has no such paid subscription');
    if (agreement.renewalsCancelledAt || (await this.payments.walletRenewalsPaused(this.wallet, agreement.id))) return;
    for (const event of sandboxPayPalRenewal(agreement, request)) await this.emit(event);
  }

  /** The sandbox PayPal suspends a cancelled subscription's renewals, as PayPal does; Amazon Pay's are ours to start, so there is nothing to stop. */
  pauseRenewals(instrument: RenewalInstrument): Promise<void> {
    return this.setPaused(instrument, true);
  }

  resumeRenewals(instrument: RenewalInstrument): Promise<void> {
    return this.setPaused(instrument, false);
  }

  private async setPaused(instrument: RenewalInstrument, paused: boolean): Promise<void> {
    if (this.wallet !== 'paypal') return;
    if (instrument.kind !== 'sandbox-wallet' || instrument.wallet !== this.wallet)
      throw new Error(`The PayPal sandbox cannot move a ${instrument.kind}`);
    if (!(await this.payments.setWalletRenewalsPaused(this.wallet, instrument.paymentId, paused, this.now()))) {
      throw new Error(`The PayPal sandbox has no paid subscription ${instrument.paymentId}`);
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.payment.kind !== this.wallet) throw new Error(`The ${this.wallet} sandbox takes ${this.wallet} payments only`);
    const existing = await this.payments.findWalletPaymentByIdempotencyKey(this.wallet, request.idempotencyKey);
    if (existing) return resultOf(existing);
    const at = this.now().toISOString();
    const payment: SandboxWalletPayment = {
      id: randomId('wp_sandbox'),
      wallet: this.wallet,
      flow: walletFlowFor(request.purchase),
      amount: request.amount,
      currencyCode: request.currencyCode,
      description: request.description,
      status: 'requires_action',
      returnUrl: request.returnUrl,
      lastErrorCode: null,
      idempotencyKey: request.idempotencyKey,
      livemode: request.livemode,
      renewals: 'approve',
      renewalsCancelledAt: null,
      createdAt: at,
      updatedAt: at,
    };
    if (!(await this.payments.insertWalletPayment(payment))) {
      // A concurrent charge with the same key won: answer as it did.
      const winner = await this.payments.findWalletPaymentByIdempotencyKey(this.wallet, request.idempotencyKey);
      if (!winner) throw new Error('sandbox wallet payment vanished after an idempotency conflict');
      return resultOf(winner);
    }
    return resultOf(payment);
  }

  /** The visitor's answer on the sandbox page; a payment already answered keeps its first answer. */
  async answer(paymentId: string, outcome: WalletOutcome): Promise<SandboxWalletPayment | null> {
    const payment = await this.find(paymentId);
    if (!payment) return null;
    if (payment.status !== 'requires_action') return payment;
    const approved = outcome === 'approve' || outcome === 'approve-renewals-fail';
    const failure: PaymentFailureCode | null = approved ? null : outcome === 'cancel' ? 'cancelled' : 'wallet_declined';
    const moved = await this.payments.resolveWalletPayment(
      paymentId,
      {
        status: failure ? 'failed' : 'succeeded',
        lastErrorCode: failure,
        renewals: outcome === 'approve-renewals-fail' ? 'decline' : 'approve',
      },
      this.now(),
    );
    const current = (await this.find(paymentId))!;
    if (moved) await this.emitFinal(current);
    return current;
  }

  /**
   * A refund of a wallet payment (a purchase, or a sandbox Amazon Pay renewal), done at once.
   * The sandbox PayPal's renewals are sales it announced by event and never kept: one is
   * refunded up to what our transaction says it took, as PayPal refunds a sale.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const payment = await this.find(request.paymentId);
    let paid: SandboxPaid | null = payment
      ? { amount: payment.amount, currencyCode: payment.currencyCode, succeeded: payment.status === 'succeeded' }
      : null;
    if (!paid && this.wallet === 'paypal' && SANDBOX_SALE_ID.test(request.paymentId))
      paid = { amount: request.paidAmount, currencyCode: request.currencyCode, succeeded: true };
    return refundInSandbox(this.payments, request, paid, this.now());
  }

  refundStatus(refundId: string): Promise<RefundResult> {
    return sandboxRefundStatus(this.payments, refundId);
  }

  async retrieve(paymentId: string): Promise<ChargeResult> {
    const payment = await this.find(paymentId);
    if (!payment) throw new Error(`unknown sandbox wallet payment ${paymentId}`);
    return resultOf(payment);
  }

  /** The payment made under the attempt's key; none means nothing was made, so nothing can be approved. */
  async lookupAttempt(attempt: AttemptRef): Promise<AttemptLookup> {
    const payment = await this.payments.findWalletPaymentByIdempotencyKey(this.wallet, attempt.idempotencyKey);
    return payment ? { kind: 'charged', result: resultOf(payment) } : { kind: 'nothing' };
  }

  /** A payment of this wallet (another wallet's id is not found here). */
  async find(paymentId: string): Promise<SandboxWalletPayment | null> {
    return this.payments.findWalletPayment(this.wallet, paymentId);
  }

  private async emitFinal(payment: SandboxWalletPayment): Promise<void> {
    await this.emit(sandboxFinalEvent(this.name, payment));
  }
}

function resultOf(payment: SandboxWalletPayment): ChargeResult {
  return sandboxChargeResult(payment, sandboxWalletPath, 'wallet_declined');
}
