import type { Applied } from '@/lib/subscriptions/lifecycle/lifecycle';
import { expressWalletOf } from '@/lib/payments/express/expressWallets';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import type { ConsentProof } from '@/lib/server/checkout/Transaction';
import type { Changes } from './SubscriptionStore';
import { normaliseEmail } from './subscriptionRow';

type Outcome = Pick<Applied<GatewayName, RenewalInstrument, ConsentProof>, 'changes' | 'nextRunAt'>;

const flag = (value: boolean) => (value ? 1 : 0);
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The columns an event sets, and those the store keeps beside the row: the schedule's next run, the test clock. */
export type RowChanges = Changes & { next_action_at: string | null; clock_offset_ms?: number };

/**
 * The columns an applied lifecycle event sets: each changed field in the table's spelling
 * (flags as 0/1, objects as JSON, the dunning and a pending price over their columns),
 * `next_action_at` from the outcome's `nextRunAt` (the schedule's, which the store writes
 * beside the row) and `clock_offset_ms` when its test clock moves (its own record, which the
 * store writes too). A field the event leaves is not set.
 */
export function changesToRow({ changes, nextRunAt }: Outcome): RowChanges {
  const row: Changes = {};
  const set = <Column extends keyof Changes>(column: Column, value: Changes[Column]) => {
    row[column] = value;
  };
  if (changes.transactionId !== undefined) set('transaction_id', changes.transactionId);
  if (changes.brandSlug !== undefined) set('brand_slug', changes.brandSlug);
  if (changes.campaignId !== undefined) set('campaign_id', changes.campaignId);
  if (changes.offerId !== undefined) set('offer_id', changes.offerId);
  if (changes.offerName !== undefined) set('offer_name', changes.offerName);
  if (changes.isPrint !== undefined) set('is_print', flag(changes.isPrint));
  if (changes.ownerEmail !== undefined) set('owner_email', changes.ownerEmail === null ? null : normaliseEmail(changes.ownerEmail));
  if (changes.billingEmail !== undefined) set('billing_email', normaliseEmail(changes.billingEmail));
  if (changes.livemode !== undefined) set('livemode', flag(changes.livemode));
  if (changes.locale !== undefined) set('locale', changes.locale);
  if (changes.timeZone !== undefined) set('time_zone', changes.timeZone);
  if (changes.status !== undefined) set('status', changes.status);
  if (changes.cancelAtPeriodEnd !== undefined) set('cancel_at_period_end', flag(changes.cancelAtPeriodEnd));
  if (changes.cancelRequestedAt !== undefined) set('cancel_requested_at', changes.cancelRequestedAt);
  if (changes.cancelReason !== undefined) set('cancel_reason', changes.cancelReason);
  if (changes.cancelChannel !== undefined) set('cancel_channel', changes.cancelChannel);
  if (changes.providerPaused !== undefined) set('provider_paused', flag(changes.providerPaused));
  if (changes.providerTries !== undefined) set('provider_tries', changes.providerTries);
  if (changes.currentPeriodStart !== undefined) set('current_period_start', changes.currentPeriodStart);
  if (changes.currentPeriodEnd !== undefined) set('current_period_end', changes.currentPeriodEnd);
  if (changes.trialEnd !== undefined) set('trial_end', changes.trialEnd);
  if (changes.renewalAmount !== undefined) set('renewal_amount', changes.renewalAmount);
  if (changes.taxIncluded !== undefined) set('tax_included', flag(changes.taxIncluded));
  if (changes.currencyCode !== undefined) set('currency_code', changes.currencyCode);
  if (changes.billingInterval !== undefined) set('billing_interval', changes.billingInterval);
  if (changes.paymentMethod !== undefined) set('payment_method', changes.paymentMethod);
  if (changes.payment !== undefined) {
    set('payment_json', JSON.stringify(changes.payment));
    // The express wallet follows the payment shown: a card typed in the account replaces the wallet's.
    set('express_wallet', expressWalletOf(changes.payment));
  }
  if (changes.gateway !== undefined) set('gateway', changes.gateway);
  if (changes.instrument !== undefined) set('instrument_json', jsonOrNull(changes.instrument));
  if (changes.needsPaymentMethod !== undefined) set('needs_payment_method', flag(changes.needsPaymentMethod));
  if (changes.deliveryAddress !== undefined) set('delivery_address_json', jsonOrNull(changes.deliveryAddress));
  if (changes.business !== undefined) set('business_json', jsonOrNull(changes.business));
  if (changes.consent !== undefined) set('consent_json', jsonOrNull(changes.consent));
  if (changes.endedAt !== undefined) set('ended_at', changes.endedAt);
  if (changes.endReason !== undefined) set('end_reason', changes.endReason);
  if (changes.introductoryUntil !== undefined) set('introductory_until', changes.introductoryUntil);
  if (changes.pendingPrice !== undefined) {
    set('pending_renewal_amount', changes.pendingPrice?.amount ?? null);
    set('pending_price_from', changes.pendingPrice?.from ?? null);
  }
  if (changes.dunning !== undefined) {
    set('renewal_tries', changes.dunning.tries);
    set('past_due_since', changes.dunning.pastDueSince);
    set('retry_at', changes.dunning.retryAt);
    set('grace_until', changes.dunning.graceUntil);
    set('renewal_failure_code', changes.dunning.failureCode);
  }
  if (changes.createdAt !== undefined) set('created_at', changes.createdAt);
  if (changes.updatedAt !== undefined) set('updated_at', changes.updatedAt);
  const clock = changes.clockOffsetMs === undefined ? {} : { clock_offset_ms: changes.clockOffsetMs };
  return { ...row, ...clock, next_action_at: nextRunAt };
}
