import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { Kysely } from 'kysely';
import type { AccountBrand } from '@/lib/account/accountView';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import { automaticWithdrawalAt, INELIGIBLE_MESSAGES, type WithdrawalEligibility } from '@/lib/withdrawal/withdrawalPolicy';
import type { WithdrawalReceipt, WithdrawalRefundState } from '@/lib/withdrawal/withdrawalView';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { InvoiceRepository } from '@/lib/server/invoices/InvoiceRepository';
import { HttpError } from '@/lib/server/http/HttpError';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { appendAudit } from '@/lib/server/operators/auditLog';
import { limitBuckets } from '@/lib/server/limits/limitBuckets';
import { withLiftHint } from '@/lib/server/limits/liftHint';
import { securityAlert } from '@/lib/server/security/securityAlert';
import { randomId } from '@/lib/server/ids';
import { enqueueMail } from '@/lib/server/mail/OutboxRepository';
import type { Refund } from '@/lib/server/refunds/Refund';
import { RefundRepository } from '@/lib/server/refunds/RefundRepository';
import type { RefundService } from '@/lib/server/refunds/RefundService';
import { recipientOf } from '@/lib/server/subscriptions/mailNotices';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { appendHistoryEvent } from '@/lib/server/subscriptions/SubscriptionStore';
import { BUYER } from '@/lib/server/subscriptions/subscriptionHistory';
import type { SubscriptionService } from '@/lib/server/subscriptions/SubscriptionService';
import { eligibilityOf } from './eligibilityOf';
import { WithdrawalLinkRepository } from './WithdrawalLinkRepository';
import { withdrawalAcknowledgmentMail, withdrawalMail } from './withdrawalMail';
import { WithdrawalRepository, type Withdrawal } from './WithdrawalRepository';

/**
 * Declarations on the public page per client address per window: counted per client only, so
 * nobody can use up another's, and per mode (a test declaration only ever matches a test purchase).
 */
export const WITHDRAWALS_PER_CLIENT = 10;
export const WITHDRAWAL_WINDOW_MS = 15 * 60_000;
/**
 * Declarations naming an address that matched nothing, from anyone, per day: past them, the
 * page matches nothing more for that address that day, and says the same. Invoice numbers run
 * in sequence, so without this a stranger who knows an address could try them one by one and
 * end that buyer's subscription; the buyer can still withdraw from the account.
 */
export const UNMATCHED_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

export interface WithdrawalDeps {
  db: Kysely<Database>;
  now: () => Date;
  refunds: Pick<RefundService, 'refund'>;
  subscriptions: Pick<SubscriptionService, 'endNow'>;
  brands: ReadonlyMap<string, AccountBrand>;
  /** The site's origin for the e-mail's links, when the order kept none. */
  origin: () => string;
  /** Called once a confirmation is committed to the queue (the mail worker's kick). */
  mailQueued?: () => void;
}

/** A purchase and where it stands for a withdrawal. */
export interface Contract {
  subscription: Subscription;
  transaction: Transaction;
  withdrawal: Withdrawal | null;
  /** Refunded, or being refunded, of it (minor units). */
  reserved: number;
  eligibility: WithdrawalEligibility;
}

/** Who declares, and from where. */
export interface Declarant {
  client: { address: string | null; userAgent: string | null };
}

/** A declaration on the public page: the address and the invoice number typed, a name if given. */
export interface PublicDeclaration extends Declarant {
  email: string;
  invoiceNumber: string;
  name: string | null;
  livemode: boolean;
  /** The limit key of the client (lib/server/http/clientAddress). */
  clientKey: string;
}

const refundKey = (withdrawal: Pick<Withdrawal, 'id'>) => `withdrawal:${withdrawal.id}`;

/** A waiting declaration was answered meanwhile (objected to, or applied by another request): the end is rolled back. */
class Superseded extends Error {}

/**
 * Withdrawal within 14 days (EU and UK buyers). Applying one: the subscription ended, the
 * withdrawal marked applied and its confirmation e-mail queued to the subscription's own
 * address, in one database transaction (the guarded end decides: two submits at once, one
 * withdrawal); then the purchase refunded in full through the refund path (its own e-mail and
 * credit note) under a key of the withdrawal, so that a second submit or a retry refunds once.
 * From the account, the owner's withdrawal is applied at once. On the public page, where
 * anyone can type an address and guess an invoice number, the declaration is recorded (it
 * stands from then); a background pass matches it to a purchase and acknowledges it to the
 * subscription's own address with a "confirm" and a "this was not me" link; it is applied
 * when confirmed, or by another pass once OBJECTION_WINDOW_DAYS passed without an objection.
 */
export class WithdrawalService {
  private readonly withdrawals: WithdrawalRepository;

  constructor(private readonly deps: WithdrawalDeps) {
    this.withdrawals = new WithdrawalRepository(deps.db);
  }

  /**
   * The purchase behind a subscription and whether it may be withdrawn from now, or `at` (a
   * declaration's own time), on the subscription's own clock.
   */
  async contractOf(subscription: Subscription, at?: Date): Promise<Contract | null> {
    const transaction = await new TransactionRepository(this.deps.db).findById(subscription.transactionId);
    if (!transaction) return null;
    const withdrawal = await this.withdrawals.ofSubscription(subscription.id);
    const reserved = await new RefundRepository(this.deps.db).reservedOf(transaction.id);
    // A declaration waiting for its subscriber has not withdrawn it yet: its owner may still withdraw (which applies it).
    const withdrawn = withdrawal?.appliedAt != null;
    const eligibility = eligibilityOf(subscription, transaction, { reserved, withdrawn }, at ?? this.deps.now());
    return { subscription, transaction, withdrawal, reserved, eligibility };
  }

  /**
   * The signed-in owner's withdrawal (ownership checked by the caller), applied at once: the
   * owner needs no e-mail to confirm. Refused (409, with why) when the contract cannot be
   * withdrawn from; a withdrawal made already is answered as it is, its remaining steps taken;
   * one declared on the public page and waiting is the owner's to confirm, and is applied.
   */
  async withdrawFromAccount(contract: Contract, declarant: Declarant): Promise<Withdrawal> {
    if (contract.withdrawal?.appliedAt) return this.finish(contract, contract.withdrawal);
    if (!contract.eligibility.eligible) {
      throw new HttpError(409, `withdrawal_${contract.eligibility.reason}`, contract.eligibility.message);
    }
    if (contract.withdrawal) return this.apply(contract, contract.withdrawal);
    return this.withdraw(contract, {
      channel: 'account',
      email: recipientOf(contract.subscription),
      name: null,
      invoiceNumber: contract.transaction.invoiceNumber,
      client: declarant.client,
    });
  }

  /**
   * A declaration on the public page, where nobody signs in: recorded, and nothing more. Every
   * declaration costs the request the same work (the limit, one insert), so neither its answer
   * nor its time tells whether the address bought: the background pass (examine, through
   * publicWithdrawalsPass.ts) matches it and acknowledges it to the subscription's own address.
   */
  async declare(declaration: PublicDeclaration): Promise<{ receivedAt: string }> {
    const at = this.deps.now();
    const limiter = new RateLimiter(this.deps.db, this.deps.now);
    const bucket = limitBuckets.withdrawals(declaration.livemode, declaration.clientKey);
    if (!(await limiter.allow(bucket, WITHDRAWALS_PER_CLIENT, WITHDRAWAL_WINDOW_MS))) {
      throw new HttpError(
        429,
        'too_many_requests',
        withLiftHint(
          'Too many withdrawals were sent from your network. Please wait 15 minutes and try again, or sign in and withdraw from your account.',
          declaration.livemode,
        ),
        undefined,
        { retryAfterSeconds: WITHDRAWAL_WINDOW_MS / 1000 },
      );
    }
    // Asked of every declaration, so that a site without its address refuses them all alike, matched or not.
    const origin = this.deps.origin();
    await this.withdrawals.record({
      id: randomId('wdr'),
      subscriptionId: null,
      transactionId: null,
      channel: 'footer',
      email: declaration.email.trim().toLowerCase(),
      name: declaration.name,
      invoiceNumber: declaration.invoiceNumber.trim().toUpperCase(),
      client: declaration.client,
      origin,
      livemode: declaration.livemode,
      declaredAt: at.toISOString(),
      appliedAt: null,
      examinedAt: null,
    });
    return { receivedAt: at.toISOString() };
  }

  /**
   * The background pass's look at a recorded public declaration, as of its own time: unless
   * its address is being guessed, when its address and invoice number name a purchase that
   * could be withdrawn from then, it is made to name it and acknowledged (acknowledge);
   * otherwise marked examined, matching nothing. 'taken' when another pass examined it first.
   */
  async examine(declaration: Withdrawal): Promise<'acknowledged' | 'unmatched' | 'taken'> {
    const declaredAt = new Date(declaration.declaredAt);
    const { email, invoiceNumber, livemode } = declaration;
    const guessed = await this.guessedAt(email, declaredAt);
    const contract = guessed || !invoiceNumber ? null : await this.matching(email, invoiceNumber, livemode, declaredAt);
    // A contract another declaration named meanwhile (contract.withdrawal set) matches nothing here, as the unique column wants.
    if (contract && !contract.withdrawal && contract.eligibility.eligible) {
      return (await this.acknowledge(contract, declaration)) ? 'acknowledged' : 'taken';
    }
    return (await this.withdrawals.markExamined(declaration.id, this.deps.now(), null)) ? 'unmatched' : 'taken';
  }

  /**
   * Makes a public declaration name the contract, waiting, with its acknowledgment and links,
   * in one database transaction. False when another pass examined it first. When another
   * declaration named the contract since it was looked up, the unique column fails the update
   * and nothing is written: the next pass finds the contract named, and marks this one unmatched.
   */
  private async acknowledge(contract: Contract, declaration: Withdrawal): Promise<boolean> {
    const at = this.deps.now();
    const { declaredAt } = declaration;
    const automaticAt = automaticWithdrawalAt(declaredAt);
    const refundAmount = Math.max(contract.transaction.total - contract.reserved, 0);
    const brand = this.deps.brands.get(contract.transaction.brandSlug);
    const matched = { subscriptionId: contract.subscription.id, transactionId: contract.transaction.id };
    const recorded = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await new WithdrawalRepository(trx).markExamined(declaration.id, at, matched))) return false;
      const links = new WithdrawalLinkRepository(trx);
      const confirmToken = await links.create(declaration.id, 'confirm', automaticAt, at);
      const objectToken = await links.create(declaration.id, 'object', automaticAt, at);
      const mail = withdrawalAcknowledgmentMail(
        contract.transaction,
        recipientOf(contract.subscription),
        refundAmount,
        { declaredAt, automaticAt, confirmToken, objectToken },
        brand,
        declaration.origin ?? this.deps.origin(),
      );
      await enqueueMail(trx, mail, at);
      return true;
    });
    if (recorded) this.deps.mailQueued?.();
    return recorded;
  }

  /**
   * Applies a public declaration: its subscriber confirmed it, or the objection window passed
   * (the background pass). Its eligibility was decided when it was declared, and it stands
   * from then: one declared on day 13 is applied on day 16 all the same. Refused (409) when
   * its subscriber objected to it meanwhile; one applied already is answered as it is.
   */
  async applyDeclared(withdrawal: Withdrawal): Promise<Withdrawal> {
    const current = await this.withdrawals.findById(withdrawal.id);
    if (!current?.subscriptionId || current.objectedAt) throw objected();
    const subscription = await new SubscriptionRepository(this.deps.db, this.deps.now).findById(current.subscriptionId);
    const contract = subscription ? await this.contractOf(subscription) : null;
    if (!contract) throw new HttpError(409, 'withdrawal_ended', INELIGIBLE_MESSAGES.ended);
    return current.appliedAt ? this.finish(contract, current) : this.apply(contract, current);
  }

  /**
   * The subscriber says a waiting declaration was not them: it is marked objected, the
   * subscription kept as it is, and customer care told (an audit entry on the subscription,
   * shown in its history, and a security alert). False when it was applied or objected to already.
   */
  async object(withdrawal: Withdrawal): Promise<boolean> {
    const at = this.deps.now();
    const subscriptionId = withdrawal.subscriptionId;
    if (!subscriptionId) return false;
    const marked = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await new WithdrawalRepository(trx).markObjected(withdrawal.id, at))) return false;
      await new WithdrawalLinkRepository(trx).useAll(withdrawal.id, at);
      await appendHistoryEvent(trx, subscriptionId, { event: 'withdrawal_objected', actor: BUYER }, { withdrawal_id: withdrawal.id });
      await appendAudit(
        trx,
        { operatorId: null, label: 'subscriber, by the link in the withdrawal e-mail' },
        {
          action: 'withdrawal.objected',
          target: `subscription:${subscriptionId}`,
          after: { withdrawalId: withdrawal.id, declaredAt: withdrawal.declaredAt, invoiceNumber: withdrawal.invoiceNumber },
        },
        at,
      );
      return true;
    });
    if (marked) {
      securityAlert(
        'withdrawal-objected',
        subscriptionId,
        `the subscriber of ${subscriptionId} says the withdrawal ${withdrawal.id} declared on the public page was not them: it was not applied; someone may have guessed the invoice number`,
      );
    }
    return marked;
  }

  /** The receipt of a subscription's withdrawal, as the account shows it; null when none was made. */
  async receiptOf(contract: Contract): Promise<WithdrawalReceipt | null> {
    const { withdrawal, transaction } = contract;
    if (!withdrawal?.appliedAt) return null;
    const refunds = new RefundRepository(this.deps.db);
    const refund = withdrawal.refundId ? await refunds.findById(withdrawal.refundId) : await refunds.findByKey(refundKey(withdrawal));
    const amount = refund?.amount ?? Math.max(transaction.total - contract.reserved, 0);
    return {
      receivedAt: withdrawal.declaredAt,
      brandName: this.deps.brands.get(transaction.brandSlug)?.name ?? transaction.brandSlug,
      offerName: transaction.order.offer.name,
      invoiceNumber: transaction.invoiceNumber ?? transaction.id,
      refund: {
        state: refundState(refund, transaction),
        amount: { cents: amount, currency: transaction.currencyCode },
        to: paymentMethodName(transaction.order.payment, serverWords(transaction.locale)),
      },
      emailedTo: recipientOf(contract.subscription),
    };
  }

  /**
   * True when the address had its day's share of declarations that matched nothing in the day
   * before `at` (a declaration's time): someone may be guessing its invoices.
   */
  private async guessedAt(email: string, at: Date): Promise<boolean> {
    const unmatched = await this.withdrawals.unmatchedSince(email, new Date(at.getTime() - DAY_MS), at);
    if (unmatched < UNMATCHED_PER_ADDRESS_PER_DAY) return false;
    if (unmatched === UNMATCHED_PER_ADDRESS_PER_DAY) {
      securityAlert(
        'withdrawal-guessing',
        email,
        `${unmatched} withdrawals naming one address matched no purchase within a day; it matches nothing more today`,
      );
    }
    return true;
  }

  /** The purchase an address and an invoice number name together, in the page's mode, as it stood `at`; null when they do not. */
  private async matching(email: string, invoiceNumber: string, livemode: boolean, at: Date): Promise<Contract | null> {
    const invoice = await new InvoiceRepository(this.deps.db).findByNumber(invoiceNumber);
    if (!invoice?.subscriptionId || invoice.kind !== 'purchase' || invoice.livemode !== livemode) return null;
    const subscription = await new SubscriptionRepository(this.deps.db, this.deps.now).findById(invoice.subscriptionId);
    if (!subscription || subscription.transactionId !== invoice.transactionId) return null;
    const contract = await this.contractOf(subscription, at);
    if (!contract) return null;
    const addresses = [contract.transaction.customer.email, subscription.billingEmail, subscription.ownerEmail];
    return addresses.some((address) => address?.trim().toLowerCase() === email) ? contract : null;
  }

  /**
   * The owner's own withdrawal: ended, recorded as applied and its confirmation queued in one
   * database transaction (all three, or none), then refunded.
   */
  private async withdraw(
    contract: Contract,
    declaration: Pick<Withdrawal, 'channel' | 'email' | 'name' | 'invoiceNumber' | 'client'>,
  ): Promise<Withdrawal> {
    const at = this.deps.now();
    const withdrawal: Withdrawal = {
      id: randomId('wdr'),
      subscriptionId: contract.subscription.id,
      transactionId: contract.transaction.id,
      ...declaration,
      email: declaration.email.trim().toLowerCase(),
      livemode: contract.subscription.livemode,
      refundId: null,
      declaredAt: at.toISOString(),
      appliedAt: at.toISOString(),
      objectedAt: null,
      origin: null,
      // The owner's own: nothing for the public page's pass to match.
      examinedAt: at.toISOString(),
    };
    const refundAmount = Math.max(contract.transaction.total - contract.reserved, 0);
    const brand = this.deps.brands.get(contract.transaction.brandSlug);
    const origin = this.deps.origin();
    let recorded = false;
    try {
      await this.deps.subscriptions.endNow(contract.subscription, {
        reason: 'withdrawn',
        alongside: async (trx) => {
          // Another declaration named it first: the end is rolled back, and that one is taken up below.
          if (!(await new WithdrawalRepository(trx).record(withdrawal))) throw new Superseded();
          recorded = true;
          const mail = withdrawalMail(contract.transaction, recipientOf(contract.subscription), refundAmount, at, brand, origin);
          await enqueueMail(trx, mail, at);
        },
      });
    } catch (error) {
      if (!(error instanceof Superseded)) throw error;
    }
    if (recorded) {
      this.deps.mailQueued?.();
      return this.finish(contract, withdrawal);
    }
    // Another submit withdrew first (finished here), one from the public page waits (the owner's to confirm: applied
    // here), or none: it ended another way meanwhile.
    const first = await this.withdrawals.ofSubscription(contract.subscription.id);
    if (!first) throw new HttpError(409, 'withdrawal_ended', INELIGIBLE_MESSAGES.ended);
    return first.appliedAt ? this.finish(contract, first) : this.apply(contract, first);
  }

  /**
   * Ends the subscription for a recorded withdrawal, marks it applied and queues its
   * confirmation, in one database transaction; then refunds. The confirmation goes to the
   * subscription's own address and names the declaration's time, from which it stands.
   */
  private async apply(contract: Contract, withdrawal: Withdrawal): Promise<Withdrawal> {
    const at = this.deps.now();
    const refundAmount = Math.max(contract.transaction.total - contract.reserved, 0);
    const brand = this.deps.brands.get(contract.transaction.brandSlug);
    const origin = withdrawal.origin ?? this.deps.origin();
    let applied = false;
    const mark = async (trx: Kysely<Database>) => {
      if (!(await new WithdrawalRepository(trx).markApplied(withdrawal.id, at))) throw new Superseded();
      applied = true;
      await new WithdrawalLinkRepository(trx).useAll(withdrawal.id, at);
      const mail = withdrawalMail(
        contract.transaction,
        recipientOf(contract.subscription),
        refundAmount,
        new Date(withdrawal.declaredAt),
        brand,
        origin,
      );
      await enqueueMail(trx, mail, at);
    };
    try {
      await this.deps.subscriptions.endNow(contract.subscription, { reason: 'withdrawn', alongside: mark });
      // Nothing ended: it had ended another way since it was declared (customer care). The withdrawal stands all the same.
      if (!applied) await this.deps.db.transaction().execute(mark);
    } catch (error) {
      if (!(error instanceof Superseded)) throw error;
    }
    const now = await this.withdrawals.findById(withdrawal.id);
    if (!now?.appliedAt) throw objected();
    if (applied) this.deps.mailQueued?.();
    return this.finish(contract, now);
  }

  /** The refund after the record, made once however often this runs (a repeat, a retry after the provider was out of reach). */
  private async finish(contract: Contract, withdrawal: Withdrawal): Promise<Withdrawal> {
    if (withdrawal.refundId !== null || contract.transaction.total <= 0) return withdrawal;
    const key = refundKey(withdrawal);
    try {
      const refund = await this.deps.refunds.refund({
        transactionId: contract.transaction.id,
        amount: 'full',
        reason: 'withdrawal',
        requestedBy: 'buyer',
        idempotencyKey: key,
      });
      await this.withdrawals.setRefund(withdrawal.id, refund.id);
      return { ...withdrawal, refundId: refund.id };
    } catch (error) {
      // The provider out of reach: the refund stays pending under its key and is sent again by the settling pass.
      const pending = await new RefundRepository(this.deps.db).findByKey(key);
      if (pending) {
        await this.withdrawals.setRefund(withdrawal.id, pending.id);
        return { ...withdrawal, refundId: pending.id };
      }
      // Nothing was left to refund (customer care refunded it meanwhile): the withdrawal stands.
      if (error instanceof HttpError && error.status === 409) return withdrawal;
      throw error;
    }
  }
}

const objected = () =>
  new HttpError(409, 'withdrawal_objected', 'The subscriber said this withdrawal was not them: the subscription continues.');

function refundState(refund: Refund | null, transaction: Transaction): WithdrawalRefundState {
  if (refund) return refund.status;
  return transaction.total > 0 ? 'pending' : 'none';
}
