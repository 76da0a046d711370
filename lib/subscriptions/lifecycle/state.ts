import type { BillingInterval } from '@/lib/catalogue/types';
import type { Billing } from '@/lib/checkout/billing';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { PaymentMethodId } from '@/lib/payments/methods';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { StoredSubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';

/*
 * The subscription as the lifecycle reads and changes it. It mirrors the server's record
 * (lib/server/subscriptions/Subscription.ts), which browser-side lib/ may not import: the
 * lifecycle's tests check that every such record is one of these. The provider's own types
 * (its gateway names, its renewal instrument, the consent proof) are parameters, so that a
 * caller passing a server record gets its own types back in the changes.
 */

/** Where a cancellation was declared: signed in, on the public cancel page, or by customer care. */
export type CancelChannel = 'account' | 'cancel-page' | 'care';

export type DeliveryAddress = NonNullable<Billing['address']>;

/** Why a subscription was ended before its period was over: by customer care, a withdrawal, or an undone duplicate purchase. */
export type ImmediateEndReason = 'ended_by_care' | 'withdrawn' | 'duplicate_undone';

export type EndReason = 'cancelled' | 'payment_failed' | ImmediateEndReason;

/** A failed renewal while it is recovered (instants on the subscription's own clock). */
export interface Dunning {
  tries: number;
  pastDueSince: string | null;
  retryAt: string | null;
  graceUntil: string | null;
  failureCode: PaymentFailureCode | null;
}

export const NO_DUNNING: Dunning = { tries: 0, pastDueSince: null, retryAt: null, graceUntil: null, failureCode: null };

/** A subscription's record: its contract, and the two fields of the engine it is scheduled by. */
export interface LifecycleSubscription<Gateway extends string = string, Instrument = unknown, Consent = unknown> {
  id: string;
  transactionId: string;
  brandSlug: string;
  campaignId: string;
  offerId: string;
  offerName: string;
  isPrint: boolean;
  ownerEmail: string | null;
  billingEmail: string;
  livemode: boolean;
  status: StoredSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  cancelRequestedAt: string | null;
  cancelReason: string | null;
  cancelChannel: CancelChannel | null;
  providerPaused: boolean;
  /**
   * Refusals in a row of the provider to pause or resume its renewals (`provider_tries`):
   * the server's record does not carry it, so it is optional here; absent reads as 0.
   */
  providerTries?: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  renewalAmount: number;
  currencyCode: CurrencyCode;
  billingInterval: BillingInterval;
  paymentMethod: PaymentMethodId;
  payment: OrderSnapshot['payment'];
  gateway: Gateway;
  instrument: Instrument | null;
  needsPaymentMethod: boolean;
  deliveryAddress: DeliveryAddress | null;
  consent: Consent | null;
  endedAt: string | null;
  endReason: EndReason | null;
  introductoryUntil: string | null;
  pendingPrice: { amount: number; from: string } | null;
  dunning: Dunning;
  /** How far its own clock runs ahead of the real one (a test-mode subscription's test clock); 0 for every other. */
  clockOffsetMs: number;
  /** When, in real time, the renewal engine next has something to do for it; null: nothing. */
  nextActionAt: string | null;
  createdAt: string;
  updatedAt?: string;
}

/** What a new subscription is made of: its contract, without the stamps and the engine's schedule. */
export type SubscriptionContract<Gateway extends string = string, Instrument = unknown, Consent = unknown> = Omit<
  LifecycleSubscription<Gateway, Instrument, Consent>,
  'createdAt' | 'updatedAt' | 'nextActionAt' | 'providerTries'
>;

/**
 * The fields an event changes, camelCase as in the record; `dunning` is replaced whole.
 * `updatedAt` is there when today's write stamps it, at the instant it does (real time, or
 * the subscription's own clock for the renewal's events); a few writes leave it (a retry
 * now, a price import, a refusal counted, a clock moved). `nextActionAt` is the outcome's
 * `nextRunAt`.
 */
export type SubscriptionChanges<Gateway extends string = string, Instrument = unknown, Consent = unknown> = Partial<
  SubscriptionContract<Gateway, Instrument, Consent>
> & { providerTries?: number; createdAt?: string; updatedAt?: string };
