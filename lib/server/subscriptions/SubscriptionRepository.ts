import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { BillingInterval } from '@/lib/catalogue/types';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PaymentMethodId } from '@/lib/payments/methods';
import { expressWalletOf } from '@/lib/payments/express/expressWallets';
import { entitlementAt, type Entitlement, type StoredSubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { Database, SubscriptionTable } from '@/lib/server/db/schema';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import {
  IMMEDIATE_END_REASONS,
  type CancelChannel,
  type DeliveryAddress,
  type ImmediateEndReason,
  type Subscription,
} from './Subscription';
import { BUYER, SYSTEM, type Actor } from './subscriptionHistory';
import { normaliseEmail, subscriptionRowOf } from './subscriptionRow';
import { SubscriptionStore } from './SubscriptionStore';

type SubscriptionRow = Selectable<SubscriptionTable>;

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export function subscriptionOf(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    brandSlug: row.brand_slug,
    campaignId: row.campaign_id,
    offerId: row.offer_id,
    offerName: row.offer_name,
    isPrint: row.is_print === 1,
    ownerEmail: row.owner_email,
    billingEmail: row.billing_email,
    livemode: row.livemode === 1,
    status: row.status as StoredSubscriptionStatus,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    cancelRequestedAt: row.cancel_requested_at,
    cancelReason: row.cancel_reason,
    cancelChannel: row.cancel_channel as Subscription['cancelChannel'],
    providerPaused: row.provider_paused === 1,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    renewalAmount: row.renewal_amount,
    currencyCode: row.currency_code as CurrencyCode,
    billingInterval: row.billing_interval as BillingInterval,
    paymentMethod: row.payment_method as PaymentMethodId,
    payment: JSON.parse(row.payment_json) as Subscription['payment'],
    gateway: row.gateway as GatewayName,
    instrument: json<RenewalInstrument>(row.instrument_json),
    needsPaymentMethod: row.needs_payment_method === 1,
    deliveryAddress: json<Subscription['deliveryAddress']>(row.delivery_address_json),
    consent: json<Subscription['consent']>(row.consent_json),
    endedAt: row.ended_at,
    endReason: row.end_reason as Subscription['endReason'],
    introductoryUntil: row.introductory_until,
    pendingPrice:
      row.pending_renewal_amount !== null && row.pending_price_from !== null
        ? { amount: row.pending_renewal_amount, from: row.pending_price_from }
        : null,
    dunning: {
      tries: row.renewal_tries,
      pastDueSince: row.past_due_since,
      retryAt: row.retry_at,
      graceUntil: row.grace_until,
      failureCode: row.renewal_failure_code as Subscription['dunning']['failureCode'],
    },
    // PostgreSQL's bigint comes back as a string.
    clockOffsetMs: Number(row.clock_offset_ms),
    nextActionAt: row.next_action_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const normalise = normaliseEmail;

/**
 * Subscriptions that give access at `now`: not ended, and not cancelled with their period
 * over (that end is computed, not moved by a job: lib/subscriptions/subscriptionStatus.ts).
 */
export const liveAt = (now: Date) => (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
  eb.and([eb('status', '!=', 'ended'), eb.or([eb('cancel_at_period_end', '=', 0), eb('current_period_end', '>', now.toISOString())])]);

/** Live, or ended at once before its period was over: a provider renewing by itself must stop either way. */
export const liveOrEndedEarly = (now: Date) => (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
  eb.or([liveAt(now)(eb), eb('end_reason', 'in', IMMEDIATE_END_REASONS)]);

/**
 * Refusals in a row after which the settling pass stops asking a provider to pause or resume
 * a subscription's renewals: a refusal (a 4xx) does not change by asking again, and asking
 * every pass for ever only fills the log. An operator is told, and settles it at the provider.
 */
export const MAX_PROVIDER_TRIES = 10;

/** Our subscription records: who owns what, until when, and what renews it. */
export class SubscriptionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Writes a new subscription (in the caller's transaction when given one); writing it again changes nothing. */
  async create(subscription: Omit<Subscription, 'createdAt' | 'updatedAt'>, at: Date): Promise<void> {
    const row = subscriptionRowOf(subscription);
    await new SubscriptionStore(this.db).insert(
      // Its first renewal (or the end of a trial) is due at its period end: next_action_at says when.
      { ...row, created_at: at.toISOString(), updated_at: at.toISOString() },
      { event: 'purchased', actor: BUYER },
    );
  }

  /**
   * Gives an address the subscriptions bought signed out with it as billing address. Called
   * when a sign-in link sent to that address is used (IdentityService), which is the proof;
   * never on a signed-in request. Answers how many it claimed.
   */
  async claimForVerifiedEmail(email: string, at: Date): Promise<number> {
    const address = normalise(email);
    const claimed = await new SubscriptionStore(this.db).updateMany(
      (eb) => eb.and([eb('owner_email', 'is', null), eb('billing_email', '=', address)]),
      {
        set: { owner_email: address, updated_at: at.toISOString() },
        cause: { event: 'claimed', actor: BUYER },
        before: { owner_email: null },
      },
    );
    return claimed.length;
  }

  /** Whether a subscription billed to this address waits for its owner: one indexed read, so a caller writes only when there is one. */
  async hasUnclaimed(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('billing_email', '=', normalise(email))
      .where('owner_email', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private store(): SubscriptionStore {
    return new SubscriptionStore(this.db);
  }

  async findById(id: string): Promise<Subscription | null> {
    const row = await this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? subscriptionOf(row) : null;
  }

  async findByTransaction(transactionId: string): Promise<Subscription | null> {
    const row = await this.db.selectFrom('subscriptions').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
    return row ? subscriptionOf(row) : null;
  }

  /** The subscriptions a verified identity owns, newest first; test-mode ones only when asked for. */
  async listForOwner(ownerEmail: string, options: { includeTest: boolean }): Promise<Subscription[]> {
    let query = this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('owner_email', '=', normalise(ownerEmail))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (!options.includeTest) query = query.where('livemode', '=', 1);
    return (await query.execute()).map(subscriptionOf);
  }

  /**
   * Whether a verified identity holds a live subscription to the brand that gives access
   * now. A test-mode purchase never makes anyone a subscriber, and an e-mail typed into the
   * billing form proves nothing.
   */
  async ownsLiveSubscription(ownerEmail: string, brandSlug: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('owner_email', '=', normalise(ownerEmail))
      .where('brand_slug', '=', brandSlug)
      .where('livemode', '=', 1)
      .where(liveAt(this.now()))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Cancels at the end of the period: true when this call moved it (a live subscription
   * not yet cancelled); a second call, or one after the period ended, changes nothing.
   * `requestedAt` (default `at`): when the subscriber asked, if that was earlier.
   */
  async markCancelling(
    id: string,
    cancel: { at: Date; requestedAt?: Date; reason: string | null; channel: CancelChannel; actor?: Actor },
  ): Promise<boolean> {
    const moved = await this.store().update(id, {
      set: {
        cancel_at_period_end: 1,
        cancel_requested_at: (cancel.requestedAt ?? cancel.at).toISOString(),
        cancel_reason: cancel.reason,
        cancel_channel: cancel.channel,
        updated_at: cancel.at.toISOString(),
        // The renewal engine looks again at once: the step after a cancel is the end, not a charge or a notice.
        next_action_at: cancel.at.toISOString(),
      },
      where: (eb) => eb.and([eb('cancel_at_period_end', '=', 0), liveAt(cancel.at)(eb)]),
      cause: { event: 'cancel_requested', actor: cancel.actor ?? (cancel.channel === 'care' ? { kind: 'care' } : BUYER) },
    });
    return moved !== null;
  }

  /**
   * Ends it now, before its period is over (customer care, a withdrawal, an undone
   * duplicate): true when this call ended it. Marked cancelled too, so that a provider
   * renewing by itself is told to stop, and the retry pass asks again if it could not be.
   */
  async markEndedNow(id: string, end: { at: Date; reason: ImmediateEndReason; actor?: Actor }): Promise<boolean> {
    const at = end.at.toISOString();
    const moved = await this.store().update(id, {
      set: {
        status: 'ended',
        ended_at: at,
        end_reason: end.reason,
        cancel_at_period_end: 1,
        cancel_requested_at: sql<string>`coalesce(cancel_requested_at, ${at})`,
        next_action_at: null,
        retry_at: null,
        updated_at: at,
      },
      where: liveAt(end.at),
      cause: { event: 'ended', actor: end.actor ?? (end.reason === 'ended_by_care' ? { kind: 'care' } : BUYER) },
    });
    return moved !== null;
  }

  /** Takes a cancellation back while its period runs: true when this call moved it. */
  async markResumed(id: string, at: Date, actor: Actor = BUYER): Promise<boolean> {
    const moved = await this.store().update(id, {
      set: {
        cancel_at_period_end: 0,
        cancel_requested_at: null,
        cancel_reason: null,
        cancel_channel: null,
        updated_at: at.toISOString(),
        next_action_at: at.toISOString(),
      },
      where: (eb) => eb.and([eb('cancel_at_period_end', '=', 1), liveAt(at)(eb)]),
      cause: { event: 'resumed', actor },
    });
    return moved !== null;
  }

  /**
   * Cancelled subscriptions, their period not over, that a provider renewing by itself (one
   * of `gateways`) has not confirmed it stopped: PayPal could not be reached when they were
   * cancelled. Untouched since `quietBefore` (a cancellation's own call may be under way),
   * the soonest to renew first.
   */
  async awaitingProviderPause(gateways: readonly GatewayName[], options: { quietBefore: Date; limit: number }): Promise<Subscription[]> {
    return this.awaitingProvider(gateways, options, { cancelling: true });
  }

  /**
   * The reverse: subscriptions that renew (the cancellation taken back) while the provider
   * may still hold their renewals stopped: resumed while a pause was on its way, or before
   * one was confirmed (its answer lost to a timeout), and the provider not yet asked to
   * start them again. A refused resume records nothing, so it never lands here.
   */
  async awaitingProviderResume(gateways: readonly GatewayName[], options: { quietBefore: Date; limit: number }): Promise<Subscription[]> {
    return this.awaitingProvider(gateways, options, { cancelling: false });
  }

  /** Either list: the record (cancelling or not) and the provider's pause disagree. */
  private async awaitingProvider(
    gateways: readonly GatewayName[],
    options: { quietBefore: Date; limit: number },
    { cancelling }: { cancelling: boolean },
  ): Promise<Subscription[]> {
    if (gateways.length === 0) return [];
    const rows = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('gateway', 'in', gateways)
      .where('instrument_json', 'is not', null)
      .where('cancel_at_period_end', '=', cancelling ? 1 : 0)
      .where('provider_paused', '=', cancelling ? 0 : 1)
      .where('provider_tries', '<', MAX_PROVIDER_TRIES)
      .where(cancelling ? liveOrEndedEarly(this.now()) : liveAt(this.now()))
      .where('updated_at', '<', options.quietBefore.toISOString())
      .orderBy('current_period_end', 'asc')
      .orderBy('id', 'asc')
      .limit(options.limit)
      .execute();
    return rows.map(subscriptionOf);
  }

  /**
   * Records what the provider just confirmed (renewals paused, or running again), only if the
   * record still wants it: paused while cancelled, running while not. False when the
   * subscriber changed their mind meanwhile; the caller then follows the record as it is.
   */
  async recordProviderRenewals(id: string, paused: boolean, at: Date): Promise<boolean> {
    const moved = await this.store().update(id, {
      set: { provider_paused: paused ? 1 : 0, provider_tries: 0, updated_at: at.toISOString() },
      where: (eb) => eb('cancel_at_period_end', '=', paused ? 1 : 0),
      cause: { event: paused ? 'provider_paused' : 'provider_resumed', actor: { kind: 'provider' } },
    });
    return moved !== null;
  }

  /**
   * The provider refused to pause (or resume) the renewals: one more refusal counted. True
   * only for the write that reached MAX_PROVIDER_TRIES, so that however many instances count
   * at once, one of them tells the operators: the settling pass then leaves the subscription.
   */
  async countProviderRefusal(id: string): Promise<boolean> {
    const counted = await this.store().update(id, {
      set: { provider_tries: sql<number>`provider_tries + 1` },
      where: (eb) => eb('provider_tries', '<', MAX_PROVIDER_TRIES),
    });
    return Number(counted?.provider_tries) === MAX_PROVIDER_TRIES;
  }

  /**
   * The provider could not be asked to pause (or resume) renewals: the record is left in the
   * state the retry pass picks up, so that it asks again. Nothing is written when it already
   * is, nor when the subscriber changed their mind meanwhile.
   */
  async markProviderUnsettled(id: string, wantPaused: boolean, at: Date): Promise<void> {
    const flag = wantPaused ? 0 : 1;
    await this.store().update(id, {
      // Asked the other way now: the refusals counted so far were of the other request.
      set: { provider_paused: flag, provider_tries: 0, updated_at: at.toISOString() },
      where: (eb) => eb.and([eb('cancel_at_period_end', '=', wantPaused ? 1 : 0), eb('provider_paused', '!=', flag)]),
      cause: { event: 'provider_unsettled', actor: SYSTEM },
    });
  }

  /**
   * After a resume started the provider's renewals again: records it only if nothing
   * touched the record since `seenUpdatedAt` (a retry pass may have paused them meanwhile,
   * after this resume read the record); otherwise it stays marked paused and the pass
   * starts them again, which is harmless if they run.
   */
  async clearProviderPausedIfUnchanged(id: string, seenUpdatedAt: string, at: Date): Promise<void> {
    await this.store().update(id, {
      set: { provider_paused: 0, updated_at: at.toISOString() },
      where: (eb) => eb.and([eb('provider_paused', '=', 1), eb('updated_at', '=', seenUpdatedAt)]),
      cause: { event: 'provider_resumed', actor: { kind: 'provider' } },
    });
  }

  /** Where a live print subscription is delivered from now on: true when it was changed. */
  async setDeliveryAddress(id: string, address: DeliveryAddress, at: Date, actor: Actor = BUYER): Promise<boolean> {
    const moved = await this.store().update(id, {
      set: { delivery_address_json: JSON.stringify(address), updated_at: at.toISOString() },
      where: (eb) => eb.and([eb('is_print', '=', 1), liveAt(at)(eb)]),
      cause: { event: 'address_changed', actor },
    });
    return moved !== null;
  }

  /**
   * The card that renews a live card subscription from now on, and how it is shown: true
   * when it was changed. The same card recorded again changes nothing (a confirmation
   * repeated in two tabs sends one e-mail); a subscription that ended meanwhile neither.
   */
  async setCard(
    id: string,
    card: { gateway: GatewayName; instrument: RenewalInstrument; payment: Subscription['payment'] },
    at: Date,
  ): Promise<boolean> {
    const instrument = JSON.stringify(card.instrument);
    const moved = await this.store().update(id, {
      set: {
        gateway: card.gateway,
        instrument_json: instrument,
        payment_json: JSON.stringify(card.payment),
        // A card typed in the account replaces the wallet's.
        express_wallet: expressWalletOf(card.payment),
        needs_payment_method: 0,
        updated_at: at.toISOString(),
      },
      where: (eb) =>
        eb.and([
          eb('payment_method', '=', 'card'),
          eb.or([eb('instrument_json', 'is', null), eb('instrument_json', '!=', instrument)]),
          liveAt(at)(eb),
        ]),
      cause: { event: 'card_changed', actor: BUYER },
    });
    return moved !== null;
  }

  /**
   * The subscriptions to a brand, in one mode, that an address holds as owner or as billing
   * address and that still renew: what a cancellation declared for that address cancels.
   */
  async renewingForAddress(email: string, brandSlug: string, livemode: boolean): Promise<Subscription[]> {
    const address = normalise(email);
    const rows = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('brand_slug', '=', brandSlug)
      .where('livemode', '=', livemode ? 1 : 0)
      .where((eb) => eb.or([eb('owner_email', '=', address), eb('billing_email', '=', address)]))
      .where('cancel_at_period_end', '=', 0)
      .where(liveAt(this.now()))
      .execute();
    return rows.map(subscriptionOf);
  }

  /** What an identity's subscriptions to a brand give it now: the longest access of those in the mode asked for. */
  async entitlement(ownerEmail: string, brandSlug: string, livemode: boolean): Promise<Entitlement> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('owner_email', '=', normalise(ownerEmail))
      .where('brand_slug', '=', brandSlug)
      .where('livemode', '=', livemode ? 1 : 0)
      .execute();
    const now = this.now();
    const granted = rows.map((row) => entitlementAt(subscriptionOf(row), now)).filter((entitlement) => entitlement.access);
    if (granted.length === 0) return { access: false, until: null, renews: false };
    if (granted.some((entitlement) => entitlement.renews)) {
      return { access: true, renews: true, until: latest(granted.filter((entitlement) => entitlement.renews)) };
    }
    return { access: true, renews: false, until: latest(granted) };
  }
}

const latest = (entitlements: Entitlement[]): string | null =>
  entitlements.map((entitlement) => entitlement.until).reduce<string | null>((a, b) => (a === null || (b !== null && b > a) ? b : a), null);
