import type { BillingInterval } from '@/lib/catalogue/types';
import type { PostalAddress } from '@/lib/geo/addressFormat';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PaymentMethodId } from '@/lib/payments/methods';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { StoredSubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';

/** Where a cancellation was declared: signed in, on the public cancel page (§ 312k BGB), or by customer care for the subscriber. */
export type CancelChannel = 'account' | 'cancel-page' | 'care';

/** Where a print subscription goes: an address with its country and region. */
export type DeliveryAddress = PostalAddress;

/** Why a subscription was ended before its period was over: by customer care, a buyer's withdrawal, or an undone duplicate purchase. */
export const IMMEDIATE_END_REASONS = ['ended_by_care', 'withdrawn', 'duplicate_undone'] as const;
export type ImmediateEndReason = (typeof IMMEDIATE_END_REASONS)[number];

export type EndReason = 'cancelled' | 'payment_failed' | ImmediateEndReason;

/** A renewal that failed, while it is being recovered (instants on the subscription's own clock). */
/** A business buyer's company on its invoices: its name, and its VAT number with finance's check of it (docs/addresses.md). */
export interface BusinessDetails {
  companyName: string;
  /** As VIES writes it ("DE123456789"); null where none was given. */
  vatNumber: string | null;
  /** The billing country, whose shape the number has. */
  country: string;
  /** Finance's check of the number: unverified until an operator verified or rejected it; null without a number. */
  vatStatus: 'unverified' | 'verified' | 'rejected' | null;
}

export interface Dunning {
  /** Failed tries of the period being renewed; 0 when nothing failed. */
  tries: number;
  pastDueSince: string | null;
  /** When the next try is due; null: none (a hard decline, or no tries left). */
  retryAt: string | null;
  /** Until when it keeps access while past due. */
  graceUntil: string | null;
  failureCode: PaymentFailureCode | null;
}

export const NO_DUNNING: Dunning = { tries: 0, pastDueSince: null, retryAt: null, graceUntil: null, failureCode: null };

/**
 * Our record of a subscription (SubscriptionRepository maps the table's rows). The provider's
 * own types, its gateway names, its renewal instrument and the consent proof, are parameters:
 * they are the server's, which lib/ may not import, and lib/server/subscriptions/Subscription.ts
 * gives them; the lifecycle keeps them open, so that a caller gets its own types back.
 */
export interface Subscription<Gateway extends string = string, Instrument = unknown, Consent = unknown> {
  id: string;
  /** The paid order that started it. */
  transactionId: string;
  brandSlug: string;
  campaignId: string;
  offerId: string;
  offerName: string;
  isPrint: boolean;
  /** The verified e-mail of the buyer who owns it; null until one bought signed out is claimed. */
  ownerEmail: string | null;
  billingEmail: string;
  livemode: boolean;
  status: StoredSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  cancelRequestedAt: string | null;
  cancelReason: string | null;
  cancelChannel: CancelChannel | null;
  /** A provider that renews by itself (PayPal) confirmed it stopped the renewals of this cancelled subscription. */
  providerPaused: boolean;
  /** Refusals in a row of that provider to pause or resume its renewals (the settling pass's count); absent on a record not read from the table. */
  providerTries?: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  /**
   * What a renewal costs, in minor units: with its tax where `taxIncluded` (VAT in the EU and
   * the UK), before it where tax is added (US and Canadian sales taxes).
   */
  renewalAmount: number;
  /** Its purchase's tax rule, which its renewals keep: whether the price holds the tax, or it is added on top. */
  taxIncluded: boolean;
  currencyCode: CurrencyCode;
  billingInterval: BillingInterval;
  paymentMethod: PaymentMethodId;
  payment: OrderSnapshot['payment'];
  gateway: Gateway;
  instrument: Instrument | null;
  /** True when nothing reusable was kept: its owner is asked for a card before it renews. */
  needsPaymentMethod: boolean;
  deliveryAddress: DeliveryAddress | null;
  /** A business buyer's company as its invoices name it from now on; null for a private buyer. */
  business: BusinessDetails | null;
  consent: Consent | null;
  endedAt: string | null;
  /** Why it ended, once it has: its cancelled period was over, it stayed unpaid, or it was ended at once. */
  endReason: EndReason | null;
  /** The end of a first period at a trial or promotional price long enough to need its own notice. */
  introductoryUntil: string | null;
  /** A new renewal price its owner was given notice of, and the renewal it applies from; null: none. */
  pendingPrice: { amount: number; from: string } | null;
  /** The renewal engine's state (lib/server/renewals): see Dunning. */
  dunning: Dunning;
  /** Its purchase's locale ("de-DE") and the buyer's IANA time zone: what its e-mails speak in and show times in. */
  locale: string;
  timeZone: string;
  /** How far its own clock runs ahead of the real one (a test-mode sandbox subscription's test clock); 0 for every other. */
  clockOffsetMs: number;
  /** When, in real time, the renewal engine next has something to do for it; null: nothing. */
  nextActionAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The row's version when it was read (SubscriptionStore bumps it on every write); absent on a record not read from the table. */
  version?: number;
}
