import type { BillingInterval } from '@/lib/catalogue/types';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { NextAction } from '@/lib/payments/nextAction';
import type { WalletId } from '@/lib/payments/methods';
import type { ExpressWalletId } from '@/lib/payments/express/expressWallets';

export type { NextAction };

/** The card's Stripe or embedded sandbox; each wallet under its own id, or its sandbox stand-in as `sandbox-<id>`. */
export type GatewayName = 'sandbox' | 'stripe' | WalletId | `sandbox-${WalletId}`;

/** The embedded sandbox's gateways take no real money: never a live-mode payment. */
export const isSandboxGateway = (name: GatewayName): boolean => name === 'sandbox' || name.startsWith('sandbox-');

/** How the visitor pays, in the form the gateway takes it. A wallet brings nothing: the visitor approves at the wallet. */
export type PaymentInput =
  | { kind: 'sandbox-card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { kind: 'stripe-payment-method'; paymentMethodId: string }
  | { kind: WalletId };

/**
 * What is bought, for gateways that set up the renewals themselves (a PayPal subscription
 * from a plan, an Amazon Pay recurring charge permission). Amounts in minor units.
 */
export interface Purchase {
  offerId: string;
  name: string;
  /** null: nothing renews (never the case in today's catalogue, but a gateway must not assume it). */
  renewal: { interval: BillingInterval; amount: number } | null;
  /** Days before the first renewal charge of a trial; null when not a trial. */
  trialDays: number | null;
}

export interface ChargeRequest {
  amount: number;
  currencyCode: CurrencyCode;
  /** One per checkout attempt: the gateway charges at most once per key. */
  idempotencyKey: string;
  description: string;
  customer: { email: string; name: string };
  payment: PaymentInput;
  livemode: boolean;
  /** The payment step's path and query: where the visitor comes back to after 3-D Secure or a wallet. */
  returnUrl: string;
  /** The site's origin (https://…), for gateways that need absolute return URLs; null when unknown (no PUBLIC_ORIGIN). */
  origin: string | null;
  purchase: Purchase;
  metadata: Record<string, string>;
}

/**
 * What a provider needs to charge a subscription again, or to stop it: kept on our
 * subscription record from the payment that started it. The sandbox's are its own payments'
 * ids, which stand for a saved card or a wallet's agreement.
 */
export type RenewalInstrument =
  | { kind: 'stripe'; customerId: string; paymentMethodId: string }
  | { kind: 'paypal'; subscriptionId: string }
  | { kind: 'amazon-pay'; chargePermissionId: string }
  | { kind: 'sandbox-card'; paymentIntentId: string }
  | { kind: 'sandbox-wallet'; wallet: WalletId; paymentId: string };

/**
 * The card a payment was taken from, as the provider reports it once it charged (Stripe's
 * PaymentMethod): its brand and last four, and the express wallet that held it, null when
 * none of ours did. A Link payment method that shows no card has brand `card` and no digits.
 */
export interface PaidCard {
  brand: string;
  last4: string;
  wallet: ExpressWalletId | null;
}

export type ChargeResult =
  /**
   * instrument: what renews it, where the provider reports it with the payment. chargeId: the
   * provider's id of the money taken where it is not paymentId (a PayPal order's capture, an
   * Amazon Pay checkout's charge), kept for refunds. card: the card charged, where the
   * provider says (Stripe: the submit sends only a payment method id).
   */
  | { status: 'succeeded'; paymentId: string; instrument?: RenewalInstrument; chargeId?: string; card?: PaidCard }
  /** paymentId null: the provider names the payment only once the visitor is there (an Amazon Pay checkout session). */
  | { status: 'requires_action'; paymentId: string | null; action: NextAction }
  | { status: 'failed'; paymentId: string | null; code: PaymentFailureCode };

/**
 * A renewal's charge, started by us (a card, Amazon Pay, the sandbox): the period's amount,
 * off-session, on what the subscription kept for its renewals. Amounts in minor units.
 */
export interface RenewalChargeRequest {
  instrument: RenewalInstrument;
  amount: number;
  currencyCode: CurrencyCode;
  /**
   * The subscription, the period, the try and the card
   * (`renewal:<subscription>:<period start>:<try>:<card>`), sent to the provider: the same
   * request repeated (a run killed before it recorded the answer) charges once; another card
   * is another request.
   */
  idempotencyKey: string;
  livemode: boolean;
  description: string;
  customer: { email: string };
  /** Kept with the provider's payment, so that a webhook finds the renewal's invoice. */
  metadata: { subscriptionId: string; transactionId: string; periodStart: string };
}

/**
 * A renewal at the sandbox of a provider that renews by itself (the sandbox PayPal), asked
 * for when the subscription's own clock passes its period end (or the provider's retry).
 */
export interface ProviderRenewalRequest {
  instrument: RenewalInstrument;
  /** The period's amount, tax included, in minor units. */
  amount: number;
  currencyCode: CurrencyCode;
  livemode: boolean;
  /** The period being renewed starts at (ISO): one payment per period and failed try. */
  periodStart: string;
  /** The payments of this period that failed so far (the provider's count, mirrored on our record). */
  failedPayments: number;
  /** Now, on the subscription's own clock (a test clock may run ahead). */
  at: Date;
}

/**
 * What a provider that renews by itself reports of a subscription's renewals (PayPal's
 * subscription and sale events), once the purchase that started it is settled:
 * - `paid`: a period's payment (its sale); `at` tells the first period's sale (the purchase
 *   itself) from a renewal's;
 * - `payment-failed`: a period's payment failed, `failedPayments` times so far; the provider
 *   tries again by itself;
 * - `suspended`: the provider gave up (or a pause: ours, for a cancelled subscription);
 * - `cancelled`: it will never renew again (the buyer cancelled at the provider, or we did).
 */
export type ProviderRenewalEvent =
  | { kind: 'paid'; saleId: string; at: string | null }
  | { kind: 'payment-failed'; failedPayments: number | null; at: string | null }
  | { kind: 'suspended' }
  | { kind: 'cancelled' };

/**
 * A card to keep for a subscription's renewals, charging nothing (the account's "Change
 * card"). The provider checks the card as a charge would and keeps it for later charges.
 */
export interface SaveCardRequest {
  payment: PaymentInput;
  livemode: boolean;
  /** What renews the subscription now: Stripe keeps the new card on the same customer. */
  current: RenewalInstrument | null;
  customer: { email: string };
  currencyCode: CurrencyCode;
  /** One per change attempt: the same request repeated saves the card once. */
  idempotencyKey: string;
  /** Our subscription the card is for, kept with the provider's record (a confirmation after 3-D Secure checks it). */
  subscriptionId: string;
}

/** A card as the account shows it: "Visa ending in 4444". */
export interface CardShown {
  brand: string;
  last4: string;
}

export type SaveCardResult =
  | { status: 'saved'; instrument: RenewalInstrument; card: CardShown }
  /** The bank wants 3-D Secure: the browser does it, then the card is confirmed by setupId. */
  | { status: 'requires_action'; setupId: string; action: NextAction }
  | { status: 'failed'; code: PaymentFailureCode };

/**
 * A visitor back from a wallet that sends them away and back (Amazon Pay), on the payment
 * step's wallet return page, with the provider's reference for the checkout.
 */
export interface WalletReturn {
  /** `review`: back from the wallet's review page; `result`: back once the wallet processed the payment. */
  stage: 'review' | 'result';
  /** The provider's reference from the return URL (Amazon Pay: amazonCheckoutSessionId). */
  sessionId: string;
  amount: number;
  currencyCode: CurrencyCode;
  livemode: boolean;
  idempotencyKey: string;
  /** Absolute URL of the return page for the `result` stage. */
  resultReturnUrl: string;
  purchase: Purchase;
}

/** A gateway's report that a payment changed state, from a webhook or the sandbox. */
export interface GatewayEvent {
  id: string;
  gateway: GatewayName;
  type: 'payment.succeeded' | 'payment.failed';
  paymentId: string;
  /** Our transaction id, where the gateway carries it (Stripe metadata): finds a payment whose id was never recorded. */
  transactionId?: string | undefined;
  /** The mode the gateway reports the payment in, where it says (Stripe): an event of the other mode changes nothing. */
  livemode?: boolean | undefined;
  failureCode?: PaymentFailureCode;
  /** What renews the subscription, where the event carries it (Stripe: the intent's customer and card). */
  instrument?: RenewalInstrument | undefined;
  /** The card charged, where the provider describes it (Stripe: read from the intent's PaymentMethod). */
  card?: PaidCard | undefined;
  /** A provider renewing by itself (PayPal): what the event means for the subscription once its purchase is settled. */
  renewal?: ProviderRenewalEvent | undefined;
}

/** What recording and applying a gateway event did: a webhook answers with it. */
export type GatewayEventOutcome = 'applied' | 'duplicate' | 'unmatched';

/**
 * Records a gateway event once (by id) and moves the transaction it concerns: the checkout's
 * reconciliation, handed to each provider's webhook so that no provider imports the checkout.
 */
export type ApplyGatewayEvent = (event: GatewayEvent) => Promise<GatewayEventOutcome>;

/** A checkout attempt whose answer was never recorded (the server died during its charge), as reconciliation asks about it. */
export interface AttemptRef {
  /** The key the attempt's charge was sent under (ChargeRequest.idempotencyKey). */
  idempotencyKey: string;
  /** Our transaction, as sent in ChargeRequest.metadata.transactionId. */
  transactionId: string;
  livemode: boolean;
  /** The amount charged (minor units); 0: a card set up for renewals, nothing charged today. */
  amount: number;
  /** When the transaction was written, just before the first charge (ISO). */
  createdAt: string;
  /**
   * When the attempt's key was last claimed (ISO): a retry that took over a failed first try
   * charged then, possibly long after the transaction was written.
   */
  lastClaimedAt?: string;
}

/**
 * What a gateway can tell of an attempt's payment without its payment id:
 * - `charged`: the payment it made for the attempt, where it stands now;
 * - `nothing`: certainly no money was or can be taken for it (no payment exists, or only
 *   one that waits for an approval the visitor was never shown);
 * - `unknown`: it cannot tell (no lookup, a lagging search, the provider out of reach):
 *   the attempt is left for the provider's webhook and a later pass.
 */
export type AttemptLookup = { kind: 'charged'; result: ChargeResult } | { kind: 'nothing' } | { kind: 'unknown'; reason: string };

/**
 * A refund of a paid transaction (a purchase or a renewal), whole or in part, through the
 * provider that took it. Amounts in minor units.
 */
export interface RefundRequest {
  /** The payment as we keep it (transactions.gateway_payment_id): an intent, an order, a subscription, a session, a sale, a charge. */
  paymentId: string;
  /**
   * The provider's id of the money taken, where it is not paymentId (transactions.provider_charge_id):
   * a PayPal capture or sale, an Amazon Pay charge. Null when it was never recorded: the gateway
   * looks it up from paymentId where the provider still can tell.
   */
  chargeId: string | null;
  /** A purchase's payment or a renewal's: a PayPal subscription's first sale is found by the purchase. */
  kind: 'purchase' | 'renewal';
  /** When the transaction was written (ISO): where to look for a PayPal subscription's first sale. */
  paidAt: string;
  amount: number;
  /** What the transaction took (its total): a sandbox checks a refund of a payment it does not keep (the sandbox PayPal's sales) against it. */
  paidAmount: number;
  currencyCode: CurrencyCode;
  livemode: boolean;
  /** One per refund (refunds.idempotency_key), sent to the provider in its own form: asked twice, it refunds once. */
  idempotencyKey: string;
  /** A few words for the provider's records (Stripe's metadata, PayPal's note to the payer). */
  reason: string;
  metadata: { refundId: string; transactionId: string };
}

/** Why a provider refused a refund: nothing was refunded. */
export type RefundFailureCode =
  /** More than what is left of the payment to refund, as the provider counts it. */
  | 'amount_too_large'
  /** The payment cannot be refunded (too old, disputed, not captured, a method without refunds). */
  | 'not_refundable'
  /** The provider could not find the payment's money (no capture, sale or charge). */
  | 'payment_not_found'
  /** The provider refused for another reason (its message says which). */
  | 'refused';

export type RefundResult =
  /** chargeId: the provider's id of the money refunded, when the gateway had to look it up (kept for the next refund). */
  | { status: 'succeeded'; refundId: string; chargeId?: string }
  /** The provider refunds later (Amazon Pay always; a bank that takes its time): settled by reading it back, or by a notification. */
  | { status: 'pending'; refundId: string; chargeId?: string }
  | { status: 'failed'; refundId: string | null; code: RefundFailureCode; message: string };

/**
 * One interface for every way of paying: the checkout service charges through it and
 * never knows which gateway is behind it. Each payment method's unit brings its gateway
 * (lib/server/payments/<provider>/…Method.ts); a wallet's input is its id, a new card-like
 * input adds its PaymentInput kind.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** The payment inputs it charges: the checkout service hands each submit to the gateway that takes its kind. */
  readonly inputKinds: readonly PaymentInput['kind'][];
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Where a payment stands now, e.g. after the visitor has authenticated with their bank or
   * approved it at their wallet. A wallet's payment that is approved but not yet taken
   * (a PayPal order) is taken here, once, under the provider's own idempotency.
   */
  retrieve(paymentId: string, livemode: boolean): Promise<ChargeResult>;
  /**
   * The payment of an attempt whose charge() answer was lost (the server was killed before
   * it recorded it): found by what the charge was sent with. Looks only, never charges, captures or
   * completes anything.
   */
  lookupAttempt(attempt: AttemptRef): Promise<AttemptLookup>;
  /**
   * What identifies the card a payment input names, for per-card abuse limits: the same
   * card gives the same value, and the value never reveals the number (a keyed hash, or the
   * provider's own card fingerprint). Charges nothing; null when the input is no card or
   * the gateway cannot tell. Gateways without it (wallets) are limited per address only.
   */
  cardFingerprint?(payment: PaymentInput, livemode: boolean): Promise<string | null>;
  /**
   * Wallets that send the visitor away and back: what to do when they return. Either send
   * them on (to the wallet, to finish), or where the payment now stands.
   */
  resume?(visit: WalletReturn): Promise<{ redirect: string } | ChargeResult>;
  /**
   * Providers that renew subscriptions themselves (PayPal): stop the renewals of a cancelled
   * subscription at once, reversibly, so that nothing is charged after the period the
   * subscriber paid for; and start them again when they resume. Providers whose renewals we
   * start ourselves have neither: our renewals honour the record. Done twice is done once.
   */
  pauseRenewals?(instrument: RenewalInstrument, livemode: boolean): Promise<void>;
  resumeRenewals?(instrument: RenewalInstrument, livemode: boolean): Promise<void>;
  /**
   * Providers that renew subscriptions themselves: ends a cancelled subscription's renewals
   * for good once its period is over (PayPal's cancel). Done twice is done once; throws when
   * the provider cannot be reached (the renewal engine asks again later).
   */
  cancelRenewals?(instrument: RenewalInstrument, livemode: boolean): Promise<void>;
  /**
   * The sandbox of a provider that renews by itself (the sandbox PayPal): renews the period at
   * the provider, which reports it with the provider's own webhook events, handled as the
   * real provider's are. Only a sandbox has it: the test clock moves it like our own renewals.
   */
  renewAtProvider?(request: ProviderRenewalRequest): Promise<void>;
  /**
   * Providers whose renewals we start ourselves: charges a renewal off-session, without the
   * buyer. `failed` carries the decline's code (a hard decline is not retried); a bank that
   * wants the buyer to authenticate answers `requires_action`, and the buyer is e-mailed to
   * confirm. Never asks the buyer for anything while it runs.
   */
  renew?(request: RenewalChargeRequest): Promise<ChargeResult>;
  /**
   * Card gateways: keeps a new card for a subscription's renewals, charging nothing. A
   * decline answers `failed` with the code a charge would have had.
   */
  saveCard?(request: SaveCardRequest): Promise<SaveCardResult>;
  /**
   * Where a card being saved stands after 3-D Secure, and the subscription it was saved for
   * (null when the provider does not say). Looks only.
   */
  savedCard?(setupId: string, livemode: boolean): Promise<{ result: SaveCardResult; subscriptionId: string | null }>;
  /** The form of the setup ids savedCard reads: which gateway a confirmation after 3-D Secure is for. */
  readonly setupIds?: RegExp;
  /**
   * Gives back all or part of a paid transaction's money, once per idempotency key (the
   * same request repeated answers the first refund). A refusal answers `failed` (nothing was
   * refunded); a provider out of reach throws, and whether it refunded is then unknown: the
   * same request is sent again later. Every gateway of ours has it (optional only so that a
   * test's stand-in need not); the refund service refuses a transaction whose gateway has none.
   */
  refund?(request: RefundRequest): Promise<RefundResult>;
  /** Where a refund the provider left pending stands now (read back by its id). */
  refundStatus?(refundId: string, livemode: boolean): Promise<RefundResult>;
}
