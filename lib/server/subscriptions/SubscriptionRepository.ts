import type { ExpressionBuilder, Kysely } from 'kysely';
import { entitlementAt, type Entitlement } from '@/lib/subscriptions/subscriptionStatus';
import { MAX_PROVIDER_TRIES } from '@/lib/subscriptions/lifecycle/lifecycle';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import {
  IMMEDIATE_END_REASONS,
  type BusinessDetails,
  type CancelChannel,
  type DeliveryAddress,
  type ImmediateEndReason,
  type Subscription,
} from './Subscription';
import { BUYER, SYSTEM, type Actor } from './subscriptionHistory';
import { normaliseEmail, subscriptionOf, subscriptionRowOf } from './subscriptionRow';
import { SubscriptionStore } from './SubscriptionStore';
import { writeEvent, type EventWritten, type ServerEvent } from './writeEvent';
import { subscriptionsWithSchedule } from './subscriptionsWithSchedule';

/** Read by the renewal engine and care's directory too. */
export { subscriptionOf };

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

/** Our subscription records: who owns what, until when, and what renews it. */
export class SubscriptionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Writes a new subscription (in the caller's transaction when given one); writing it again changes nothing. */
  async create(subscription: Omit<Subscription, 'createdAt' | 'updatedAt'>, at: Date): Promise<void> {
    const row = subscriptionRowOf(subscription);
    const origin = await this.db
      .selectFrom('transactions')
      .select(['experiment_id', 'variant_key'])
      .where('id', '=', row.transaction_id)
      .executeTakeFirst();
    await new SubscriptionStore(this.db).insert(
      // Its first renewal (or the end of a trial) is due at its period end: next_action_at says when.
      {
        ...row,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        // The experiment its purchase was made in, if any (issue 41).
        experiment_id: origin?.experiment_id ?? null,
        variant_key: origin?.variant_key ?? null,
      },
      { event: 'purchased', actor: BUYER },
      subscription.nextActionAt,
    );
  }

  /**
   * Gives an address the subscriptions bought signed out with it as billing address. Called
   * when a sign-in link sent to that address is used (IdentityService), which is the proof;
   * never on a signed-in request. Answers how many it claimed.
   */
  async claimForVerifiedEmail(email: string, at: Date): Promise<number> {
    const address = normalise(email);
    const unclaimed = await subscriptionsWithSchedule(this.db)
      .where('owner_email', 'is', null)
      .where('billing_email', '=', address)
      .execute();
    let claimed = 0;
    for (const row of unclaimed) {
      const written = await writeEvent(
        this.db,
        subscriptionOf(row),
        { kind: 'claimed', email: address },
        {
          now: at,
          cause: { event: 'claimed', actor: BUYER },
        },
      );
      if (written.kind === 'applied') claimed++;
    }
    return claimed;
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
    const row = await subscriptionsWithSchedule(this.db).where('id', '=', id).executeTakeFirst();
    return row ? subscriptionOf(row) : null;
  }

  async findByTransaction(transactionId: string): Promise<Subscription | null> {
    const row = await subscriptionsWithSchedule(this.db).where('transaction_id', '=', transactionId).executeTakeFirst();
    return row ? subscriptionOf(row) : null;
  }

  /** The subscriptions a verified identity owns, newest first; test-mode ones only when asked for. */
  async listForOwner(ownerEmail: string, options: { includeTest: boolean }): Promise<Subscription[]> {
    let query = subscriptionsWithSchedule(this.db)
      .where('owner_email', '=', normalise(ownerEmail))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (!options.includeTest) query = query.where('livemode', '=', 1);
    return (await query.execute()).map(subscriptionOf);
  }

  /** Running subscriptions whose company's VAT number finance has yet to check, the longest waiting first, at most `limit`. */
  async listUnverifiedVatNumbers(limit: number): Promise<Subscription[]> {
    const rows = await subscriptionsWithSchedule(this.db)
      .where('business_json', 'like', '%"vatStatus":"unverified"%')
      .where('ended_at', 'is', null)
      .orderBy('updated_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map(subscriptionOf);
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
   * Cancels at the end of the period: the record as cancelled when this call moved it (a
   * live subscription not yet cancelled), with the mails to queue; a second call, or one
   * after the period ended, changes nothing (refused). `requestedAt` (default `at`): when
   * the subscriber asked, if that was earlier.
   */
  async markCancelling(
    subscription: Subscription,
    cancel: { at: Date; requestedAt?: Date; reason: string | null; channel: CancelChannel; actor?: Actor },
  ): Promise<EventWritten> {
    const event: ServerEvent = {
      kind: 'cancel-requested',
      channel: cancel.channel,
      reason: cancel.reason,
      ...(cancel.requestedAt ? { requestedAt: cancel.requestedAt.toISOString() } : {}),
    };
    return writeEvent(this.db, subscription, event, {
      now: cancel.at,
      cause: { event: 'cancel_requested', actor: cancel.actor ?? (cancel.channel === 'care' ? { kind: 'care' } : BUYER) },
    });
  }

  /**
   * Ends it now, before its period is over (customer care, a withdrawal, an undone
   * duplicate): applied when this call ended it. Marked cancelled too, so that a provider
   * renewing by itself is told to stop, and the retry pass asks again if it could not be.
   */
  async markEndedNow(subscription: Subscription, end: { at: Date; reason: ImmediateEndReason; actor?: Actor }): Promise<EventWritten> {
    return writeEvent(
      this.db,
      subscription,
      { kind: 'ended-now', reason: end.reason },
      {
        now: end.at,
        cause: { event: 'ended', actor: end.actor ?? (end.reason === 'ended_by_care' ? { kind: 'care' } : BUYER) },
      },
    );
  }

  /**
   * Takes a cancellation back while its period runs: applied when this call moved it.
   * `provider`: what was done with a provider that renews by itself (the lifecycle's
   * `resumed`). Its renewals started again are recorded only on the record the caller read:
   * a retry pass that paused them since leaves them marked paused, and the next pass resumes
   * them, which is harmless if they run.
   */
  async markResumed(
    subscription: Subscription,
    at: Date,
    provider: 'none' | 'resumed' | 'not-asked' = 'none',
    actor: Actor = BUYER,
  ): Promise<EventWritten> {
    return writeEvent(
      this.db,
      subscription,
      { kind: 'resumed', provider },
      {
        now: at,
        cause: { event: 'resumed', actor },
        ...(provider === 'resumed' ? { thenEvent: { kind: 'resumed', provider: 'none' } as const } : {}),
      },
    );
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
    const rows = await subscriptionsWithSchedule(this.db)
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
   * record still wants it: paused while cancelled, running while not (the lifecycle's
   * `provider-settled`). False when the subscriber changed their mind meanwhile; the caller
   * then follows the record as it is.
   */
  async recordProviderRenewals(subscription: Subscription, paused: boolean, at: Date): Promise<boolean> {
    const written = await writeEvent(
      this.db,
      subscription,
      { kind: 'provider-settled', paused },
      { now: at, cause: { event: paused ? 'provider_paused' : 'provider_resumed', actor: { kind: 'provider' } } },
    );
    return written.kind === 'applied';
  }

  /**
   * The provider refused to pause (or resume) the renewals: one more refusal counted (the
   * lifecycle's `provider-refusal-counted`). True only for the write that reached
   * MAX_PROVIDER_TRIES, so that however many instances count at once, one of them tells the
   * operators: the settling pass then leaves the subscription.
   */
  async countProviderRefusal(subscription: Subscription): Promise<boolean> {
    const written = await writeEvent(
      this.db,
      subscription,
      { kind: 'provider-refusal-counted' },
      // The count is the settling pass's bookkeeping: the store keeps no history of it.
      { now: this.now(), cause: { event: 'provider_unsettled', actor: { kind: 'provider' } } },
    );
    return written.kind === 'applied' && written.subscription.providerTries === MAX_PROVIDER_TRIES;
  }

  /**
   * The provider could not be asked to pause (or resume) renewals: the record is left in the
   * state the retry pass picks up, so that it asks again (the lifecycle's
   * `provider-unsettled`). Nothing is written when it already is, nor when the subscriber
   * changed their mind meanwhile.
   */
  async markProviderUnsettled(subscription: Subscription, wantPaused: boolean, at: Date): Promise<EventWritten> {
    return writeEvent(
      this.db,
      subscription,
      { kind: 'provider-unsettled', wantPaused },
      { now: at, cause: { event: 'provider_unsettled', actor: SYSTEM } },
    );
  }

  /** Where a live print subscription is delivered from now on: applied when it was changed. */
  async setDeliveryAddress(subscription: Subscription, address: DeliveryAddress, at: Date, actor: Actor = BUYER): Promise<EventWritten> {
    return writeEvent(
      this.db,
      subscription,
      { kind: 'delivery-address-changed', address },
      {
        now: at,
        cause: { event: 'address_changed', actor },
      },
    );
  }

  /** The company its invoices name from now on (its subscriber's change, or finance's check of the VAT number). */
  async setBusiness(subscription: Subscription, business: BusinessDetails | null, at: Date, actor: Actor = BUYER): Promise<EventWritten> {
    return writeEvent(
      this.db,
      subscription,
      { kind: 'business-changed', business },
      { now: at, cause: { event: 'business_changed', actor } },
    );
  }

  /**
   * The card that renews a live card subscription from now on, and how it is shown: applied
   * when it was changed. The same card recorded again changes nothing (a confirmation
   * repeated in two tabs sends one e-mail); a subscription that ended meanwhile neither.
   */
  async setCard(
    subscription: Subscription,
    card: { gateway: GatewayName; instrument: RenewalInstrument; payment: Subscription['payment'] },
    at: Date,
  ): Promise<EventWritten> {
    return writeEvent(this.db, subscription, { kind: 'card-set', ...card }, { now: at, cause: { event: 'card_changed', actor: BUYER } });
  }

  /**
   * The subscriptions to a brand, in one mode, that an address holds as owner or as billing
   * address and that still renew: what a cancellation declared for that address cancels.
   */
  async renewingForAddress(email: string, brandSlug: string, livemode: boolean): Promise<Subscription[]> {
    const address = normalise(email);
    const rows = await subscriptionsWithSchedule(this.db)
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
    const rows = await subscriptionsWithSchedule(this.db)
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
