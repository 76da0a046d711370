import type { Kysely } from 'kysely';
import { subscriptionStatusAt } from '@/lib/subscriptions/subscriptionStatus';
import { movedAddress, type SentAddress } from '@/lib/account/deliveryAddress';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { paymentMethodName } from '@/lib/checkout/paymentMethodName';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { failureOfCardChange } from '@/lib/payments/failureWording';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { NextAction } from '@/lib/payments/nextAction';
import { isSandboxGateway, type PaymentGateway, type PaymentInput, type SaveCardResult } from '@/lib/server/payments/PaymentGateway';
import type { CancelChannel, DeliveryAddress, ImmediateEndReason, Subscription } from './Subscription';
import type { SubscriptionNotices } from './SubscriptionNotices';
import { SubscriptionRepository } from './SubscriptionRepository';
import { renewsByItself } from '@/lib/server/payments/renewalLookup';
import { settleAtProvider } from './providerRenewals';
import { queueAccountMails } from './accountMails';
import type { Actor } from './subscriptionHistory';
import { checkBusiness, type BusinessForm } from '@/lib/account/businessDetails';

/** Another person's subscription is answered exactly as one that does not exist. */
const notFound = () => new HttpError(404, 'subscription_not_found', 'We could not find this subscription in your account.');

/** What changing the card answers: the subscription with its new card, or the bank's check to do first (Stripe's 3-D Secure). */
export type CardChange =
  { status: 'saved'; subscription: Subscription } | { status: 'requires_action'; setupId: string; action: NextAction };

/** A card the provider would not keep: the visitor reads why, as at checkout, and that nothing changed (the account speaks English for now). */
const declined = (code: PaymentFailureCode) => new HttpError(402, code, serverWords(DEFAULT_LOCALE).t(failureOfCardChange(code)));

/** A setup that is no card change of this subscription (another's, a checkout's payment, none at all). */
const setupNotFound = () => new HttpError(404, 'setup_not_found', 'We could not find this card change. Please enter your card again.');

/**
 * What a subscriber does to their own subscription: cancel at the end of the period they
 * paid for, resume before it ends, change where print is delivered. Each change is a guarded
 * update (two tabs, two instances: one wins, the other sees it done) with its e-mail in the
 * same database transaction; a provider that renews by itself (PayPal) is told after.
 */
export class SubscriptionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateways: readonly PaymentGateway[],
    private readonly notices: SubscriptionNotices,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (line: string, error?: unknown) => void = (line, error) => console.error(line, error),
  ) {}

  /** The owner's subscription, or a 404. */
  async owned(ownerEmail: string, id: string): Promise<Subscription> {
    const subscription = await new SubscriptionRepository(this.db, this.now).findById(id);
    if (!subscription || subscription.ownerEmail !== ownerEmail.trim().toLowerCase()) throw notFound();
    return subscription;
  }

  /**
   * Cancels at the end of the paid period; access stays until then. Cancelling one that is
   * already cancelled answers with it as it is (a double click is not an error).
   */
  async cancel(ownerEmail: string, id: string, cancel: { reason: string | null; channel: CancelChannel }): Promise<Subscription> {
    const subscription = await this.owned(ownerEmail, id);
    return this.cancelRecord(subscription, cancel);
  }

  /**
   * Cancels a record found another way (the public cancel page's declaration, customer care):
   * no owner check here. `alongside` runs in the cancelling database transaction, only when
   * this call cancelled it (customer care's audit entry). `requestedAt` is when it was
   * declared, where that was before now (a declaration applied by the background pass).
   */
  async cancelRecord(
    subscription: Subscription,
    cancel: {
      reason: string | null;
      channel: CancelChannel;
      requestedAt?: Date;
      alongside?: (trx: Kysely<Database>, cancelled: Subscription) => Promise<void>;
      /** Who, for its history (by default: care on its channel, else the buyer). */
      actor?: Actor;
    },
  ): Promise<Subscription> {
    const at = this.now();
    const status = subscriptionStatusAt(subscription, at);
    if (status === 'ended')
      throw new HttpError(409, 'subscription_ended', 'This subscription has already ended: there is nothing to cancel.');
    if (status === 'cancelling') return subscription;
    const cancelled = await this.db.transaction().execute(async (trx) => {
      const records = new SubscriptionRepository(trx, this.now);
      const marked = { at, requestedAt: cancel.requestedAt, reason: cancel.reason, channel: cancel.channel, actor: cancel.actor };
      const written = await records.markCancelling(subscription, marked);
      if (written.kind === 'refused') return null;
      await queueAccountMails(this.notices, trx, written, at);
      await cancel.alongside?.(trx, written.subscription);
      return written.subscription;
    });
    // Cancelled meanwhile by another request, or its period ended: it is as that left it.
    if (!cancelled) return (await new SubscriptionRepository(this.db, this.now).findById(subscription.id))!;
    await this.pauseAtProvider(cancelled);
    return (await new SubscriptionRepository(this.db, this.now).findById(subscription.id))!;
  }

  /**
   * Ends a subscription now, its access with it, before its period is over: customer care's
   * "cancel now" (its subscriber e-mailed here), a buyer's withdrawal, an undone duplicate
   * purchase (each of those two sends its own e-mail; any refund goes through the RefundService). `alongside` runs in the same database transaction, only when
   * this call ended it (an audit entry, an e-mail). One already ended, or whose cancelled
   * period is over, is answered as it is: two requests, one end. A provider renewing by
   * itself is told to stop after; if it cannot be reached, the retry pass asks again.
   */
  async endNow(
    subscription: Subscription,
    end: { reason: ImmediateEndReason; alongside?: (trx: Kysely<Database>, ended: Subscription) => Promise<void>; actor?: Actor },
  ): Promise<Subscription> {
    const at = this.now();
    const ended = await this.db.transaction().execute(async (trx) => {
      const records = new SubscriptionRepository(trx, this.now);
      const written = await records.markEndedNow(subscription, { at, reason: end.reason, actor: end.actor });
      if (written.kind === 'refused') return null;
      await queueAccountMails(this.notices, trx, written, at);
      await end.alongside?.(trx, written.subscription);
      return written.subscription;
    });
    if (ended) await this.pauseAtProvider(ended);
    return (await new SubscriptionRepository(this.db, this.now).findById(subscription.id))!;
  }

  /**
   * Takes a cancellation back before the period ends. The provider that renews by itself is
   * asked first when it confirmed the pause: if it cannot be reached, the subscription stays
   * cancelled, nothing is recorded, and the subscriber is told to try again, rather than
   * shown renewals that would not happen.
   */
  async resume(ownerEmail: string, id: string): Promise<Subscription> {
    return this.resumeRecord(await this.owned(ownerEmail, id));
  }

  /** Resumes a record found another way (a "Keep my subscription" link): no owner check here. */
  async resumeRecord(subscription: Subscription): Promise<Subscription> {
    const at = this.now();
    const status = subscriptionStatusAt(subscription, at);
    if (status === 'ended') {
      throw new HttpError(
        409,
        'subscription_ended',
        'This subscription has ended and cannot be resumed. You can subscribe again from the offer page.',
      );
    }
    if (status !== 'cancelling') return subscription;
    const gateway = this.gatewayOf(subscription);
    const renewsItself = renewsByItself(gateway) && subscription.instrument !== null;
    let resumedAtProvider = false;
    if (renewsByItself(gateway) && subscription.instrument && subscription.providerPaused) {
      await this.resumeAtProvider(gateway, subscription);
      resumedAtProvider = true;
    }
    // Not asked, its pause never confirmed, the provider may yet have had one (an answer lost
    // to a timeout, a retry pass's call under way): marked, the pass starts its renewals
    // again, which changes nothing if they run.
    const provider = resumedAtProvider ? 'resumed' : renewsItself ? 'not-asked' : 'none';
    await this.db.transaction().execute(async (trx) => {
      const written = await new SubscriptionRepository(trx, this.now).markResumed(subscription, at, provider);
      if (written.kind === 'applied') await queueAccountMails(this.notices, trx, written, at);
    });
    return (await new SubscriptionRepository(this.db, this.now).findById(subscription.id))!;
  }

  /**
   * Starts a provider's renewals again. An outage is already a 503 that says to try later; any
   * other refusal (a subscription the buyer cancelled in their PayPal account) is no use
   * retrying, so it answers 409 with what the buyer can do, and nothing is recorded.
   */
  private async resumeAtProvider(gateway: Pick<PaymentGateway, 'resumeRenewals'>, subscription: Subscription): Promise<void> {
    try {
      await gateway.resumeRenewals!(subscription.instrument!, subscription.livemode);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      this.log(`[subscriptions] the provider refused to resume ${subscription.id}`, error);
      const provider = paymentMethodName(subscription.payment, serverWords(DEFAULT_LOCALE));
      throw new HttpError(
        409,
        'provider_refused_resume',
        `${provider} would not start this subscription's payments again: it may have been cancelled in your ${provider} account. You keep access until the end of the period you paid for, and you can subscribe again from the offer page.`,
      );
    }
  }

  /**
   * Where a print subscription is delivered from now on: within its country (movedAddress), the
   * state perhaps another, which its next renewal is taxed in.
   */
  async changeDeliveryAddress(ownerEmail: string, id: string, sent: SentAddress): Promise<Subscription> {
    return this.moveDelivery(await this.owned(ownerEmail, id), sent);
  }

  /**
   * Moves a print subscription's delivery, for its subscriber or for care: no owner check here.
   * The subscriber is e-mailed the new address; `alongside` runs in the same database
   * transaction, only when the address changed.
   */
  async moveDelivery(
    subscription: Subscription,
    sent: SentAddress,
    change: { alongside?: (trx: Kysely<Database>, moved: Subscription) => Promise<void>; actor?: Actor } = {},
  ): Promise<Subscription> {
    if (!subscription.isPrint) throw new HttpError(409, 'not_print', 'This subscription is digital: nothing is delivered by post.');
    const at = this.now();
    if (subscriptionStatusAt(subscription, at) === 'ended') {
      throw new HttpError(409, 'subscription_ended', 'This subscription has ended: nothing more will be delivered.');
    }
    const moved = movedAddress(sent, subscription.deliveryAddress);
    if (!moved.ok) throw new HttpError(400, moved.code, moved.message);
    const address: DeliveryAddress = moved.address;
    await this.db.transaction().execute(async (trx) => {
      const written = await new SubscriptionRepository(trx, this.now).setDeliveryAddress(subscription, address, at, change.actor);
      if (written.kind !== 'applied') return;
      await queueAccountMails(this.notices, trx, written, at);
      await change.alongside?.(trx, written.subscription);
    });
    return (await new SubscriptionRepository(this.db, this.now).findById(subscription.id))!;
  }

  /**
   * The company a business buyer's later invoices name: its name and VAT number, checked as
   * the checkout checks them (checkBusiness). A subscription bought privately names none.
   */
  async changeBusiness(ownerEmail: string, id: string, form: BusinessForm): Promise<Subscription> {
    const subscription = await this.owned(ownerEmail, id);
    if (!subscription.business)
      throw new HttpError(409, 'not_business', 'This subscription was not bought for a business: its invoices name no company.');
    if (subscriptionStatusAt(subscription, this.now()) === 'ended')
      throw new HttpError(409, 'subscription_ended', 'This subscription has ended: it has no more invoices.');
    const checked = checkBusiness(form, subscription.business);
    if (!checked.ok) {
      const english = serverWords(DEFAULT_LOCALE);
      throw new HttpError(
        400,
        'invalid_business',
        Object.values(checked.problems)
          .map((problem) => english.say(problem))
          .join(' '),
      );
    }
    await new SubscriptionRepository(this.db, this.now).setBusiness(subscription, checked.business, this.now());
    return (await new SubscriptionRepository(this.db, this.now).findById(subscription.id))!;
  }

  /**
   * Changes the card that renews a card subscription, charging nothing: the card gateway
   * keeps the new card (a Stripe SetupIntent, a sandbox stand-in), then the record takes it
   * and how it is shown, with its e-mail, in one guarded update. A decline changes nothing;
   * a card whose bank wants 3-D Secure answers requires_action, and confirmCard follows.
   */
  async changeCard(ownerEmail: string, id: string, change: { payment: PaymentInput; idempotencyKey: string }): Promise<CardChange> {
    const subscription = await this.changeableCard(ownerEmail, id);
    const gateway = this.gateways.find((candidate) => candidate.saveCard && candidate.inputKinds.includes(change.payment.kind));
    if (!gateway?.saveCard) throw new HttpError(400, 'payment_method_mismatch', 'Please enter your card details again.');
    if (subscription.livemode && isSandboxGateway(gateway.name)) {
      throw new HttpError(503, 'payments_unavailable', 'Live card payments are not set up on this server. Your card was not changed.');
    }
    const result = await gateway.saveCard({
      payment: change.payment,
      livemode: subscription.livemode,
      // The provider's own customer is reused only by that provider.
      current: subscription.gateway === gateway.name ? subscription.instrument : null,
      customer: { email: subscription.ownerEmail ?? subscription.billingEmail },
      currencyCode: subscription.currencyCode,
      idempotencyKey: `card-change:${subscription.id}:${change.idempotencyKey}`,
      subscriptionId: subscription.id,
    });
    return this.recordCard(subscription, gateway, result);
  }

  /**
   * After 3-D Secure (Stripe's in the page, or the sandbox bank's page, which sends the
   * visitor back): the card saved for this subscription, recorded as changeCard records it.
   * The gateway is the one whose setup ids look like this one. Confirmed twice, it is
   * recorded once (recordCard's guarded update).
   */
  async confirmCard(ownerEmail: string, id: string, setupId: string): Promise<CardChange> {
    const subscription = await this.changeableCard(ownerEmail, id);
    const gateway = this.gateways.find((candidate) => candidate.savedCard && candidate.setupIds?.test(setupId));
    if (!gateway?.savedCard) throw setupNotFound();
    // The sandbox keeps no card of a live subscription (changeCard refuses it): none of its setups is one.
    if (subscription.livemode && isSandboxGateway(gateway.name)) throw setupNotFound();
    const { result, subscriptionId } = await gateway.savedCard(setupId, subscription.livemode);
    // Someone else's setup, or none, is no card change of this subscription.
    if (subscriptionId !== subscription.id) throw setupNotFound();
    if (result.status === 'requires_action') {
      throw new HttpError(
        409,
        'authentication_required',
        'Your bank has not confirmed the card yet. Your card was not changed. Please try again.',
      );
    }
    return this.recordCard(subscription, gateway, result);
  }

  /** The owner's card subscription that has not ended: a wallet's is changed at the wallet (409). */
  private async changeableCard(ownerEmail: string, id: string): Promise<Subscription> {
    const subscription = await this.owned(ownerEmail, id);
    if (subscription.payment.method !== 'card') {
      throw new HttpError(
        409,
        'not_card',
        `This subscription is paid with ${paymentMethodName(subscription.payment, serverWords(DEFAULT_LOCALE))}: its payment method is changed in your ${paymentMethodName(subscription.payment, serverWords(DEFAULT_LOCALE))} account.`,
      );
    }
    if (subscriptionStatusAt(subscription, this.now()) === 'ended') {
      throw new HttpError(409, 'subscription_ended', 'This subscription has ended: it has no card to change.');
    }
    return subscription;
  }

  private async recordCard(subscription: Subscription, gateway: PaymentGateway, result: SaveCardResult): Promise<CardChange> {
    if (result.status === 'failed') throw declined(result.code);
    if (result.status === 'requires_action') return result;
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const records = new SubscriptionRepository(trx, this.now);
      const card = { method: 'card' as const, brand: result.card.brand, last4: result.card.last4 };
      const written = await records.setCard(subscription, { gateway: gateway.name, instrument: result.instrument, payment: card }, at);
      if (written.kind === 'applied') await queueAccountMails(this.notices, trx, written, at);
    });
    const current = (await new SubscriptionRepository(this.db, this.now).findById(subscription.id))!;
    // Ended while the provider kept the card: nothing renews it, and the subscriber is told so.
    if (subscriptionStatusAt(current, at) === 'ended') {
      throw new HttpError(409, 'subscription_ended', 'This subscription has ended: it has no card to change.');
    }
    return { status: 'saved', subscription: current };
  }

  /**
   * Tells a provider that renews by itself to stop. The cancellation stands whatever the
   * provider says: it is the subscriber's right and it is recorded. When the provider cannot
   * be reached, `provider_paused` stays 0, and the retry pass (providerRenewalsPass.ts, run
   * with the checkout's reconciliation) pauses it there before the period ends.
   */
  private async pauseAtProvider(subscription: Subscription): Promise<void> {
    await settleAtProvider({ db: this.db, gateways: this.gateways, now: this.now, log: this.log }, subscription);
  }

  private gatewayOf(subscription: Subscription): PaymentGateway | undefined {
    return this.gateways.find((gateway) => gateway.name === subscription.gateway);
  }
}
