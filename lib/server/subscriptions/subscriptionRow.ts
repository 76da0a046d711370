import type { Insertable } from 'kysely';
import { expressWalletOf } from '@/lib/payments/express/expressWallets';
import type { SubscriptionTable } from '@/lib/server/db/schema';
import type { Subscription } from './Subscription';

/** An e-mail as stored: claims and look-ups compare addresses in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A new subscription's row, but for its times: its clock and dunning start as the table's defaults. */
export function subscriptionRowOf(
  subscription: Omit<Subscription, 'createdAt' | 'updatedAt'>,
): Omit<Insertable<SubscriptionTable>, 'created_at' | 'updated_at'> {
  return {
    id: subscription.id,
    transaction_id: subscription.transactionId,
    brand_slug: subscription.brandSlug,
    campaign_id: subscription.campaignId,
    offer_id: subscription.offerId,
    offer_name: subscription.offerName,
    is_print: subscription.isPrint ? 1 : 0,
    owner_email: subscription.ownerEmail === null ? null : normaliseEmail(subscription.ownerEmail),
    billing_email: normaliseEmail(subscription.billingEmail),
    livemode: subscription.livemode ? 1 : 0,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
    cancel_requested_at: subscription.cancelRequestedAt,
    cancel_reason: subscription.cancelReason,
    cancel_channel: subscription.cancelChannel,
    provider_paused: subscription.providerPaused ? 1 : 0,
    current_period_start: subscription.currentPeriodStart,
    current_period_end: subscription.currentPeriodEnd,
    trial_end: subscription.trialEnd,
    renewal_amount: subscription.renewalAmount,
    currency_code: subscription.currencyCode,
    billing_interval: subscription.billingInterval,
    payment_method: subscription.paymentMethod,
    payment_json: JSON.stringify(subscription.payment),
    express_wallet: expressWalletOf(subscription.payment),
    gateway: subscription.gateway,
    instrument_json: subscription.instrument ? JSON.stringify(subscription.instrument) : null,
    needs_payment_method: subscription.needsPaymentMethod ? 1 : 0,
    delivery_address_json: subscription.deliveryAddress ? JSON.stringify(subscription.deliveryAddress) : null,
    consent_json: subscription.consent ? JSON.stringify(subscription.consent) : null,
    ended_at: subscription.endedAt,
    end_reason: subscription.endReason,
    introductory_until: subscription.introductoryUntil,
    pending_renewal_amount: subscription.pendingPrice?.amount ?? null,
    pending_price_from: subscription.pendingPrice?.from ?? null,
    next_action_at: subscription.nextActionAt,
  };
}

/** A subscription as its row stores it: what the store compares a write's result with when the caller already holds the record. */
export function storedRowOf(subscription: Omit<Subscription, 'createdAt' | 'updatedAt'>) {
  return {
    ...subscriptionRowOf(subscription),
    clock_offset_ms: subscription.clockOffsetMs,
    renewal_tries: subscription.dunning.tries,
    past_due_since: subscription.dunning.pastDueSince,
    retry_at: subscription.dunning.retryAt,
    grace_until: subscription.dunning.graceUntil,
    renewal_failure_code: subscription.dunning.failureCode,
  };
}
