import type { Insertable, Selectable } from 'kysely';
import type { BillingInterval } from '@/lib/catalogue/types';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PaymentMethodId } from '@/lib/payments/methods';
import type { StoredSubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { expressWalletOf } from '@/lib/payments/express/expressWallets';
import type { SubscriptionScheduleTable, SubscriptionTable } from '@/lib/server/db/schema';
import type { Subscription } from './Subscription';

/** An e-mail as stored: claims and look-ups compare addresses in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/**
 * A subscription's row with when the engine is next due for it and where its test clock
 * stands (subscriptionsWithSchedule.ts reads all three).
 */
export type ScheduledRow = Selectable<SubscriptionTable> &
  Pick<Selectable<SubscriptionScheduleTable>, 'next_action_at'> & { clock_offset_ms: number };

/** A row as the services work with it, with the version it was read at (a write may ask for it still to be). */
export function subscriptionOf(row: ScheduledRow): Subscription {
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
    providerTries: Number(row.provider_tries),
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    renewalAmount: row.renewal_amount,
    taxIncluded: row.tax_included === 1,
    currencyCode: row.currency_code as CurrencyCode,
    billingInterval: row.billing_interval as BillingInterval,
    paymentMethod: row.payment_method as PaymentMethodId,
    payment: JSON.parse(row.payment_json) as Subscription['payment'],
    gateway: row.gateway as GatewayName,
    instrument: json<RenewalInstrument>(row.instrument_json),
    needsPaymentMethod: row.needs_payment_method === 1,
    deliveryAddress: json<Subscription['deliveryAddress']>(row.delivery_address_json),
    business: json<Subscription['business']>(row.business_json ?? null),
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
    locale: row.locale,
    timeZone: row.time_zone,
    // PostgreSQL's bigint comes back as a string.
    clockOffsetMs: Number(row.clock_offset_ms),
    nextActionAt: row.next_action_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}

/** A new subscription's row, but for its times: its clock and dunning start as the table's defaults. */
export function subscriptionRowOf(
  subscription: Omit<Subscription, 'createdAt' | 'updatedAt' | 'version'>,
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
    tax_included: subscription.taxIncluded ? 1 : 0,
    currency_code: subscription.currencyCode,
    billing_interval: subscription.billingInterval,
    payment_method: subscription.paymentMethod,
    payment_json: JSON.stringify(subscription.payment),
    express_wallet: expressWalletOf(subscription.payment),
    gateway: subscription.gateway,
    instrument_json: subscription.instrument ? JSON.stringify(subscription.instrument) : null,
    needs_payment_method: subscription.needsPaymentMethod ? 1 : 0,
    delivery_address_json: subscription.deliveryAddress ? JSON.stringify(subscription.deliveryAddress) : null,
    business_json: subscription.business ? JSON.stringify(subscription.business) : null,
    consent_json: subscription.consent ? JSON.stringify(subscription.consent) : null,
    ended_at: subscription.endedAt,
    end_reason: subscription.endReason,
    introductory_until: subscription.introductoryUntil,
    pending_renewal_amount: subscription.pendingPrice?.amount ?? null,
    pending_price_from: subscription.pendingPrice?.from ?? null,
    locale: subscription.locale,
    time_zone: subscription.timeZone,
  };
}

/**
 * A subscription as its row stores it, with its schedule's next run and its test clock: what the store compares
 * a write's result with when the caller already holds the record.
 */
export function storedRowOf(subscription: Omit<Subscription, 'createdAt' | 'updatedAt' | 'version'>) {
  return {
    ...subscriptionRowOf(subscription),
    next_action_at: subscription.nextActionAt,
    clock_offset_ms: subscription.clockOffsetMs,
    renewal_tries: subscription.dunning.tries,
    past_due_since: subscription.dunning.pastDueSince,
    retry_at: subscription.dunning.retryAt,
    grace_until: subscription.dunning.graceUntil,
    renewal_failure_code: subscription.dunning.failureCode,
  };
}
