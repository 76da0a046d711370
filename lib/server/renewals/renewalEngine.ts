import type { MailMessage } from '@/lib/server/mail/MailMessage';
import type { Kysely } from 'kysely';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { eachAtMost } from '@/lib/server/eachAtMost';
import {
  isSandboxGateway,
  type AttemptLookup,
  type ChargeResult,
  type PaymentGateway,
  type RenewalInstrument,
} from '@/lib/server/payments/PaymentGateway';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { renewalOfMethod, renewedByProvider } from '@/lib/server/payments/renewalLookup';
import { afterFailedTry, type DunningPolicy } from '@/lib/subscriptions/renewalPolicy';
import { dueStep, nextStep, type RenewalStep, type StepState } from '@/lib/subscriptions/renewalSteps';
import { noticeDate, stepStateOf, type EngineSchedule } from '@/lib/subscriptions/lifecycle/lifecycle';
import { cancelAtProvider, renewAtProvider } from './providerSteps';
import { renewalMails } from './renewalMails';
import { settleHeldRenewal } from './renewalConfirmation';
import { instrumentTag, renewalIdempotencyKey, renewalPeriod, renewalQuote, renewalTransaction } from './renewalOrder';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import { RenewalRepository } from './RenewalRepository';
import { leftForLater, taken, type LeftStep, type StepResult } from './stepResult';

export interface RenewalDeps {
  db: Kysely<Database>;
  /** The gateways of the enabled payment methods; a renewal is charged through its subscription's. */
  gateways: readonly PaymentGateway[];
  now: () => Date;
  policy: DunningPolicy;
  /** How many subscriptions are worked on at once: charges wait on providers, so never one at a time. */
  concurrency: number;
  /** The site's origin for the e-mails' links, where a purchase did not keep the one it came through. */
  origin: string | null;
  /** How long a run holds the subscriptions it claimed; another instance may take them after. */
  leaseMs?: number;
  /** At most this many subscriptions per pass. */
  batch?: number;
  log?: (line: string, error?: unknown) => void;
}

/** What a run did with one subscription: each step, in order (the log's lines). */
export interface RenewalOutcome {
  subscriptionId: string;
  steps: string[];
}

/**
 * A run of one subscription, and how it stopped: `done`, nothing it could take is due now
 * (or it took as many steps as one run may), or `left`, a step it could not finish, looked
 * at again `retryInMs` later.
 */
export interface RenewalRun {
  outcome: RenewalOutcome;
  stopped: { kind: 'done' } | LeftStep;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
/** Steps one run takes for one subscription at most: a test clock moved a year ahead of a monthly one takes 12. */
const MAX_STEPS = 60;

/** Each offer's renewal price now, read once per pass: a pass takes minutes at most, a price import makes its subscribers due again. */
export type OfferPrices = Map<string, Promise<number | null>>;

/**
 * What the engine decides a subscription's next step from: its record, the notices it was
 * sent and the country it is billed to (given when the caller holds them), its offer's
 * price now.
 */
export async function loadStepState(
  db: Kysely<Database>,
  subscription: Subscription,
  known: { prices?: OfferPrices; noticesSent?: ReadonlySet<string>; billingCountry?: string | null } = {},
): Promise<StepState> {
  const repository = new RenewalRepository(db);
  const prices = known.prices ?? new Map();
  let price = prices.get(subscription.offerId);
  if (!price) {
    price = repository.catalogueRenewalAmount(subscription.offerId);
    prices.set(subscription.offerId, price);
  }
  const [sent, amount, billingCountry] = await Promise.all([
    known.noticesSent ?? repository.noticesSent(subscription.id),
    price,
    known.billingCountry !== undefined ? known.billingCountry : repository.billingCountry(subscription.transactionId),
  ]);
  const chargedByUs = !renewedByProvider(subscription.gateway);
  return stepStateOf(subscription, {
    noticesSent: sent,
    catalogueRenewalAmount: amount,
    chargedByUs,
    providerSandbox: !chargedByUs && isSandboxGateway(subscription.gateway),
    billingCountry,
  });
}

/**
 * One pass: claims the subscriptions whose next action is due (shared with every other
 * instance through the claim) and runs each, `concurrency` at a time.
 */
export async function runDueRenewals(deps: RenewalDeps): Promise<RenewalOutcome[]> {
  return (await runDue(deps)).map((run) => run.outcome);
}

/** runDueRenewals, answering how each run stopped too (the renewals job counts those left for later). */
export async function runDue(deps: RenewalDeps): Promise<RenewalRun[]> {
  const now = deps.now();
  const lease = new Date(now.getTime() + (deps.leaseMs ?? DEFAULT_LEASE_MS));
  const claimed = await new RenewalRepository(deps.db).claimDue(now, lease, deps.batch ?? 500);
  const prices: OfferPrices = new Map();
  return eachAtMost(deps.concurrency, claimed, (subscription) => advance(deps, subscription, { lease, claimedAt: now }, prices));
}

/** Runs one subscription now (its test clock moved, its card changed); null when another run holds it. */
export async function runRenewalsOf(deps: RenewalDeps, subscriptionId: string): Promise<RenewalOutcome | null> {
  return (await runOneNow(deps, subscriptionId))?.outcome ?? null;
}

/** runRenewalsOf, answering how the run stopped too (a card change tells the buyer whether its charge is still to come). */
export async function runOneNow(deps: RenewalDeps, subscriptionId: string): Promise<RenewalRun | null> {
  const now = deps.now();
  const lease = new Date(now.getTime() + (deps.leaseMs ?? DEFAULT_LEASE_MS));
  const claimed = await new RenewalRepository(deps.db).claimOne(subscriptionId, now, lease);
  return claimed ? advance(deps, claimed, { lease, claimedAt: now }) : null;
}

/** Past due, with a card given since the try that failed on `declined`: that card was not tried yet. */
const cardChangedSince = (declined: RenewalInstrument | null, current: Subscription): boolean =>
  current.status === 'past_due' &&
  current.instrument !== null &&
  (declined === null || instrumentTag(declined) !== instrumentTag(current.instrument));

/**
 * Takes every step due on the subscription's own clock, in order (a clock moved far ahead
 * takes several), then releases it with the real time of its next step.
 */
async function advance(
  deps: RenewalDeps,
  claimed: Subscription,
  { lease, claimedAt }: { lease: Date; claimedAt: Date },
  prices: OfferPrices = new Map(),
): Promise<RenewalRun> {
  const records = new SubscriptionRepository(deps.db, deps.now);
  const steps: string[] = [];
  let current = claimed;
  let stopped: RenewalRun['stopped'] = { kind: 'done' };
  // The state the last look found nothing due in: the next step is read from it, not loaded again.
  let settled: StepState | null = null;
  // The notices sent change only with a notice step: read again only after one. The country billed to never changes.
  let noticesSent: ReadonlySet<string> | undefined;
  let billingCountry: string | null | undefined;
  try {
    for (let taken = 0; taken < MAX_STEPS; taken += 1) {
      const clock = new Date(deps.now().getTime() + current.clockOffsetMs);
      const known = { prices, ...(noticesSent ? { noticesSent } : {}), ...(billingCountry !== undefined ? { billingCountry } : {}) };
      const state = await loadStepState(deps.db, current, known);
      noticesSent = state.noticesSent;
      billingCountry = state.billingCountry;
      const step = dueStep(state, deps.policy, clock);
      if (!step) {
        settled = state;
        break;
      }
      const wrote: { record?: Subscription } = {};
      const done = await take(deps, current, step, clock, scheduleOf(state, deps.policy), (record) => (wrote.record = record));
      steps.push(done.label);
      if (step.kind === 'notice') noticesSent = undefined;
      if (done.kind === 'left') {
        stopped = done;
        break;
      }
      // The record as the step wrote it; read again where the step wrote none itself (a notice, a provider's step), or a try
      // failed: the buyer may have given a card meanwhile.
      current = (done.declinedWith === undefined ? wrote.record : undefined) ?? (await records.findById(current.id)) ?? current;
      if (done.declinedWith !== undefined && cardChangedSince(done.declinedWith, current)) {
        // The buyer gave a card while this run charged the old one: the new card is tried now, not at the old one's next try.
        await new RenewalRepository(deps.db).retryNow(current, deps.now());
        current = (await records.findById(current.id)) ?? current;
      }
    }
  } catch (error) {
    deps.log?.(`[renewals] ${current.id} failed`, error);
    stopped = leftForLater('the record could not be written');
    steps.push(stopped.label);
  }
  const next = nextStep(
    settled ?? (await loadStepState(deps.db, current, { prices, ...(billingCountry !== undefined ? { billingCountry } : {}) })),
    deps.policy,
    new Date(deps.now().getTime() + current.clockOffsetMs),
  );
  const nextAt =
    stopped.kind === 'left'
      ? new Date(deps.now().getTime() + stopped.retryInMs).toISOString()
      : next
        ? new Date(Date.parse(next.at) - current.clockOffsetMs).toISOString()
        : null;
  await new RenewalRepository(deps.db).release(current.id, nextAt, lease, claimedAt);
  return { outcome: { subscriptionId: current.id, steps }, stopped };
}

/** What the lifecycle schedules the engine's next step from, besides the record: what this step was decided from. */
export const scheduleOf = (state: StepState, policy: DunningPolicy): EngineSchedule => ({
  policy,
  noticesSent: state.noticesSent,
  catalogueRenewalAmount: state.catalogueRenewalAmount,
  chargedByUs: state.chargedByUs,
  providerSandbox: state.providerSandbox ?? false,
  billingCountry: state.billingCountry,
});

/** The real time of an instant on the subscription's own clock: the lifecycle puts its events back on that clock. */
const realTime = (subscription: Subscription, clock: Date) => new Date(clock.getTime() - subscription.clockOffsetMs);

async function take(
  deps: RenewalDeps,
  subscription: Subscription,
  step: RenewalStep,
  clock: Date,
  schedule: EngineSchedule,
  onWritten: (record: Subscription) => void,
): Promise<StepResult> {
  const repository = new RenewalRepository(deps.db);
  const now = realTime(subscription, clock);
  if (step.kind === 'end') {
    // A provider that renews by itself is told first: our record ends once it will charge nothing more.
    const held = renewedByProvider(subscription.gateway) ? await cancelAtProvider(deps, subscription) : null;
    if (held) return held;
    await repository.end({ subscription, event: { kind: 'ended-at-period-end' }, now, leaveSchedule: true, onWritten }, clock, null);
    return taken('ended (cancelled)');
  }
  if (step.kind === 'provider-renewal') return renewAtProvider(deps, subscription, clock);
  const purchase = await new TransactionRepository(deps.db).findById(subscription.transactionId);
  if (!purchase) throw new Error(`the purchase ${subscription.transactionId} of ${subscription.id} is missing`);
  const mails = renewalMails(subscription, purchase, deps.origin);
  if (step.kind === 'notice') return notify(deps, subscription, purchase, step, clock, mails, schedule);
  if (step.kind === 'expire') {
    // A renewal the bank held for the subscriber may have been confirmed without their coming back here.
    if ((await settleHeldRenewal(deps, subscription)).status === 'paid') return taken('renewed (confirmed with the bank)');
    await repository.end(
      { subscription, event: { kind: 'ended-unpaid', policy: deps.policy }, now, leaveSchedule: true, onWritten },
      clock,
      mails?.ended() ?? null,
    );
    return taken('ended (unpaid)');
  }
  return charge(deps, subscription, purchase, clock, mails, schedule, onWritten);
}

/** A mail dated earlier than `clock` on the same test clock: still written now, at the real time (enqueueMail). */
function datedMail(mail: MailMessage | null, clock: Date, dated: Date): MailMessage | null {
  if (!mail?.clockOffsetMs || dated.getTime() === clock.getTime()) return mail;
  return { ...mail, clockOffsetMs: mail.clockOffsetMs - (clock.getTime() - dated.getTime()) };
}

/** A notice: recorded with its e-mail; a price change's new price then waits for the renewal it applies from. */
async function notify(
  deps: RenewalDeps,
  subscription: Subscription,
  purchase: Transaction,
  step: Extract<RenewalStep, { kind: 'notice' }>,
  clock: Date,
  mails: ReturnType<typeof renewalMails>,
  schedule: EngineSchedule,
): Promise<StepResult> {
  if (step.notice === 'card-needed') return askForCard(deps, subscription, purchase, step, clock, mails, schedule);
  const repository = new RenewalRepository(deps.db);
  const newPrice = step.notice === 'price-change' ? await repository.catalogueRenewalAmount(subscription.offerId) : null;
  const pendingPrice = newPrice === null ? null : { amount: newPrice, from: step.about };
  // What the renewal it is about costs (a noticed price from the renewal it applies from).
  const priced = { ...subscription, pendingPrice: pendingPrice ?? subscription.pendingPrice };
  const renewsOn = step.notice === 'yearly-reminder' ? subscription.currentPeriodEnd : step.about;
  const amount = renewalQuote(priced, purchase, renewsOn).total;
  const previous = renewalQuote({ ...subscription, pendingPrice: null }, purchase, renewsOn).total;
  const notice = { kind: step.notice, about: step.about };
  // A tacit renewal's notice (France, L215-1) states until when the renewal may be refused.
  const refuseBy = step.refuseBy ? { refuseBy: step.refuseBy } : {};
  const content = {
    renewsOn,
    amount,
    previousAmount: previous,
    currencyCode: subscription.currencyCode,
    terms: purchase.autoRenewalConsent?.text ?? null,
    ...refuseBy,
  };
  const dated = noticeDate(subscription, step, clock);
  const mail = datedMail(mails?.notice({ ...notice, renewsOn, amount, previousAmount: previous, ...refuseBy }) ?? null, clock, dated);
  // The lifecycle makes pending the price read here, which the notice's content quotes.
  const priceRead = step.notice === 'price-change' ? { ...schedule, catalogueRenewalAmount: newPrice } : schedule;
  const event = { kind: 'notice-sent', notice: step.notice, about: step.about, dueAt: step.at, schedule: priceRead } as const;
  await repository.recordNotice({ subscription, event, now: realTime(subscription, clock) }, content, mail, dated);
  return taken(`notice (${step.notice})`);
}

/**
 * Nothing saved to charge the renewal with: its owner is asked for a card, told what the
 * renewal's failure would give (payment_method_required is a hard decline, never retried).
 */
async function askForCard(
  deps: RenewalDeps,
  subscription: Subscription,
  purchase: Transaction,
  step: Extract<RenewalStep, { kind: 'notice' }>,
  clock: Date,
  mails: ReturnType<typeof renewalMails>,
  schedule: EngineSchedule,
): Promise<StepResult> {
  const renewsOn = step.about;
  const amount = renewalQuote(subscription, purchase, renewsOn).total;
  const ifUnpaid = afterFailedTry(deps.policy, { tries: 0, pastDueSince: null }, 'payment_method_required', new Date(renewsOn));
  const content = { renewsOn, amount, currencyCode: subscription.currencyCode, accessUntil: ifUnpaid.graceUntil, endsAt: ifUnpaid.endsAt };
  const dated = noticeDate(subscription, step, clock);
  const mail = datedMail(mails?.cardNeeded({ renewsOn, amount, ifUnpaid }) ?? null, clock, dated);
  const event = { kind: 'notice-sent', notice: step.notice, about: step.about, dueAt: step.at, schedule } as const;
  await new RenewalRepository(deps.db).recordNotice({ subscription, event, now: realTime(subscription, clock) }, content, mail, dated);
  return taken('notice (card-needed)');
}

/** One try of the renewal: charged through the subscription's gateway, recorded with its e-mail. */
async function charge(
  deps: RenewalDeps,
  subscription: Subscription,
  purchase: NonNullable<Awaited<ReturnType<TransactionRepository['findById']>>>,
  clock: Date,
  mails: ReturnType<typeof renewalMails>,
  schedule: EngineSchedule,
  onWritten: (record: Subscription) => void,
): Promise<StepResult> {
  const repository = new RenewalRepository(deps.db);
  const period = renewalPeriod(subscription);
  const row = renewalTransaction(subscription, purchase, period, clock);
  const gateway = deps.gateways.find((candidate) => candidate.name === subscription.gateway);
  if (subscription.instrument && !gateway?.renew) return leftForLater(`${subscription.gateway} cannot renew here`);
  const tries = subscription.dunning.tries;
  const key =
    subscription.instrument && gateway?.renew ? renewalIdempotencyKey(subscription.id, period.start, tries, subscription.instrument) : null;
  const opened = await repository.openCharge(row, clock, key);
  if (opened.status === 'succeeded') return leftForLater('the period was paid already');
  let result: ChargeResult;
  if (!subscription.instrument || !gateway?.renew || key === null) {
    result = { status: 'failed', paymentId: null, code: 'payment_method_required' };
  } else {
    // A try left unanswered under another key (the card changed since): what it took counts, and the new card is not charged too.
    const earlier = opened.leftUnansweredUnder && opened.leftUnansweredUnder !== key ? opened.leftUnansweredUnder : null;
    const taken = earlier
      ? await gateway
          .lookupAttempt({
            idempotencyKey: earlier,
            transactionId: row.id,
            livemode: subscription.livemode,
            amount: row.total,
            createdAt: opened.createdAt,
          })
          .catch((error: unknown): AttemptLookup => ({ kind: 'unknown', reason: String(error) }))
      : null;
    if (taken?.kind === 'unknown') {
      deps.log?.(
        `[renewals] ${subscription.id}: ${subscription.gateway} cannot tell yet what the try left unanswered took (${taken.reason})`,
      );
      return leftForLater(`${subscription.gateway} cannot tell what the earlier try took`);
    }
    if (taken?.kind === 'charged' && taken.result.status === 'succeeded')
      return recordCharge(deps, subscription, row, period, clock, mails, taken.result, schedule, onWritten);
    if (!opened.keyRecorded) await repository.sendingTry(row.id, key);
    try {
      result = await gateway.renew({
        instrument: subscription.instrument,
        amount: row.total,
        currencyCode: subscription.currencyCode,
        idempotencyKey: key,
        livemode: subscription.livemode,
        description: `${purchase.order.acknowledgment?.brandName ?? subscription.brandSlug}: ${subscription.offerName}`,
        customer: { email: subscription.billingEmail },
        metadata: { subscriptionId: subscription.id, transactionId: row.id, periodStart: period.start },
      });
    } catch (error) {
      // Out of reach: the same key is tried again later, so whatever the provider did counts once.
      deps.log?.(`[renewals] ${subscription.id}: ${subscription.gateway} did not answer`, error);
      return leftForLater(`${subscription.gateway} did not answer`);
    }
  }
  return recordCharge(deps, subscription, row, period, clock, mails, result, schedule, onWritten);
}

/** What the provider answered a renewal try, recorded: paid with its receipt, or failed with dunning's next step. */
async function recordCharge(
  deps: RenewalDeps,
  subscription: Subscription,
  row: ReturnType<typeof renewalTransaction>,
  period: { start: string; end: string },
  clock: Date,
  mails: ReturnType<typeof renewalMails>,
  result: ChargeResult,
  schedule: EngineSchedule,
  onWritten: (record: Subscription) => void,
): Promise<StepResult> {
  const repository = new RenewalRepository(deps.db);
  const tries = subscription.dunning.tries;
  const charged = { transactionId: row.id, paymentId: result.paymentId, period, at: clock };
  const now = realTime(subscription, clock);
  if (result.status === 'succeeded') {
    await repository.recordPaid(
      charged,
      { subscription, event: { kind: 'renewal-paid', by: 'engine', schedule, period }, now, leaveSchedule: true, onWritten },
      (invoiceNumber) => mails?.receipt({ invoiceNumber, total: row.total, period, recovered: tries > 0 }) ?? null,
    );
    return taken(tries > 0 ? 'renewed (recovered)' : 'renewed');
  }
  const code: PaymentFailureCode = result.status === 'failed' ? result.code : 'authentication_required';
  const failed = afterFailedTry(deps.policy, { tries, pastDueSince: subscription.dunning.pastDueSince }, code, clock, {
    retryHard: renewalOfMethod(subscription.paymentMethod).retriesHardDecline(code),
  });
  // A bank that wants the buyer answers the same to every try without them: they are asked instead.
  const dunning = result.status === 'requires_action' ? { ...failed, retryAt: null } : failed;
  const mail = tries === 0 ? (mails?.failed(row.total, code, result.status, dunning) ?? null) : null;
  // The e-mail's dates are those the lifecycle writes (with the day it would end, which the record does not keep).
  const event = { kind: 'renewal-failed', by: 'engine', code, status: result.status, schedule } as const;
  await repository.recordFailed({ ...charged, code, status: result.status }, { subscription, event, now, leaveSchedule: true }, mail);
  return taken(`failed (${code})`, subscription.instrument);
}
