import type { ClockAdvance } from '@/lib/account/testClock';
import type { Billing } from '@/lib/checkout/billing';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { PaymentMethodId } from '@/lib/payments/methods';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { DunningPolicy } from '@/lib/subscriptions/renewalPolicy';
import type { NoticeKind } from '@/lib/subscriptions/renewalNotices';
import type { BusinessDetails, CancelChannel, DeliveryAddress, ImmediateEndReason } from '@/lib/subscriptions/subscription';

/**
 * What the renewal engine knows about a subscription beyond its record when it takes a step
 * (renewalEngine.ts `loadStepState`): the lifecycle schedules the engine's next step from it.
 */
export interface EngineSchedule {
  policy: DunningPolicy;
  /** Keys (noticeKey) of the notices sent already. */
  noticesSent: ReadonlySet<string>;
  /** What the catalogue says the offer's renewals cost now; null when the offer is gone. */
  catalogueRenewalAmount: number | null;
  /** False for a provider that renews by itself (PayPal): its own events move the record. */
  chargedByUs: boolean;
  /** Such a provider's sandbox: the test clock moves its renewals too. */
  providerSandbox: boolean;
  /** The country its purchase was billed to: the market whose notices it gets (renewalNotices.ts); null: not known. */
  billingCountry: string | null;
}

/** The paid purchase a subscription starts from: a server Transaction is one. */
export interface PurchaseFacts<Gateway extends string = string, Consent = unknown> {
  id: string;
  brandSlug: string;
  campaignId: string;
  order: Pick<OrderSnapshot, 'offer' | 'lines' | 'payment' | 'taxRate'>;
  paymentMethod: PaymentMethodId;
  gateway: Gateway;
  livemode: boolean;
  customer: Pick<Billing, 'email' | 'country' | 'region' | 'address' | 'deliveryAddress' | 'company'>;
  autoRenewalConsent: Consent | null;
  currencyCode: CurrencyCode;
  discount: number;
  /** The signed-in buyer's verified e-mail, or null. */
  buyerIdentity: string | null;
  /** The campaign's locale and the buyer's time zone, which its subscription's e-mails keep. */
  locale: string;
  timeZone: string;
}

/** Who recorded a paid renewal: our engine's charge, the bank confirming a renewal it held, or a provider that renews by itself. */
export type PaidBy = { by: 'engine'; schedule: EngineSchedule } | { by: 'bank' } | { by: 'provider'; saleAt: string | null };

/** Everything a subscription meets, from its purchase to its end. */
export type LifecycleEvent<Gateway extends string = string, Instrument = unknown, Consent = unknown> =
  /** The purchase was paid: the subscription starts (applied to no subscription). */
  | {
      kind: 'purchased';
      subscriptionId: string;
      purchase: PurchaseFacts<Gateway, Consent>;
      /** What renews it: what the gateway kept, or what the payment itself names; null: nothing reusable. */
      instrument: Instrument | null;
      /** Bought signed out by an address that has signed in with a link before. */
      billingAddressVerified: boolean;
      /** The address holds another live subscription of the brand (duplicateNotice.ts's look-up). */
      earlierLiveSubscription: boolean;
    }
  /** A sign-in link sent to this address was used: a subscription bought signed out with it is its owner's. */
  | { kind: 'claimed'; email: string }
  /** A renewal's charge was paid: `period` is the period it paid for, starting at the current period's end. */
  | ({ kind: 'renewal-paid'; period: { start: string; end: string } } & PaidBy)
  /** A renewal's try failed; `status` requires_action: the bank wants the subscriber. */
  | {
      kind: 'renewal-failed';
      by: 'engine';
      code: PaymentFailureCode;
      status: 'failed' | 'requires_action';
      schedule: EngineSchedule;
    }
  /** A provider that renews by itself reports a failed payment; `failedPayments`: its own count, when it gives one. */
  | { kind: 'renewal-failed'; by: 'provider'; failedPayments: number | null; policy: DunningPolicy }
  /** The bank refused a renewal it held for the subscriber's check. */
  | { kind: 'held-renewal-refused'; code: PaymentFailureCode }
  /** A card was given while past due (or while a run charged the old one): the next try is now. */
  | { kind: 'retried-now' }
  /** A notice before a renewal was due (`dueAt`, on its own clock) and is sent. */
  | { kind: 'notice-sent'; notice: NoticeKind; about: string; dueAt: string; schedule: EngineSchedule }
  /** The catalogue changed its offer's renewal price: the engine looks at once, to give notice before it applies. */
  | { kind: 'catalogue-price-changed' }
  /** Its owner, the public cancel page or customer care cancels it at its period end; `requestedAt`: when declared, if earlier. */
  | { kind: 'cancel-requested'; channel: CancelChannel; reason: string | null; requestedAt?: string }
  /**
   * A cancellation taken back. `provider`: what was done with a provider that renews by
   * itself: nothing to do (`none`), its renewals started again (`resumed`), or not asked
   * (`not-asked`: its pause was never confirmed, so the settling pass starts them).
   */
  | { kind: 'resumed'; provider: 'none' | 'resumed' | 'not-asked' }
  /** Ended at once, before its period is over. */
  | { kind: 'ended-now'; reason: ImmediateEndReason }
  /** The engine's `end` step: its cancelled period is over. */
  | { kind: 'ended-at-period-end' }
  /** The engine's `expire` step: past due with no try left. */
  | { kind: 'ended-unpaid'; policy: DunningPolicy }
  /** A provider that renews by itself suspended it (PayPal, after its last failed payment). */
  | { kind: 'provider-suspended' }
  /** A provider that renews by itself cancelled it: by the buyer at the provider, or by our own end step. */
  | { kind: 'provider-cancelled' }
  /** The provider confirmed its renewals paused (`paused`) or running again. */
  | { kind: 'provider-settled'; paused: boolean }
  /** The provider could not be asked to pause (`wantPaused`) or resume: left for the settling pass. */
  | { kind: 'provider-unsettled'; wantPaused: boolean }
  /** The provider refused to pause or resume: one refusal more. */
  | { kind: 'provider-refusal-counted' }
  /** A card that renews it from now on (the card gateway kept it). */
  | { kind: 'card-set'; gateway: Gateway; instrument: Instrument; payment: OrderSnapshot['payment'] }
  /** Where print is delivered from now on. */
  | { kind: 'delivery-address-changed'; address: DeliveryAddress }
  /** The company its invoices name from now on (a business buyer's own change, or finance's check of its VAT number). */
  | { kind: 'business-changed'; business: BusinessDetails | null }
  /** QA moves its test clock ahead; `movable`: testClock.ts `clockMovable` (a test-mode sandbox subscription, not in production). */
  | { kind: 'clock-moved'; advance: ClockAdvance; movable: boolean; schedule: EngineSchedule };

export type LifecycleEventKind = LifecycleEvent['kind'];
