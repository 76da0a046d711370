import type { Generated } from 'kysely';
import type { TransactionStatus } from '@/lib/checkout/transactionView';
import type { InvoiceKind } from '@/lib/invoices/invoice';
import type { MailKind, MailStatus } from '@/lib/mail/mailKinds';
import type { OperatorRole } from '@/lib/operators/roles';
import type { RenewalScenario } from '@/lib/payments/sandbox/testCards';
import type { WalletFlow } from '@/lib/payments/walletFlow';
import type { NoticeKind } from '@/lib/subscriptions/renewalNotices';
import type { StoredSubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { WithdrawalChannel, WithdrawalLinkPurpose } from '@/lib/withdrawal/withdrawalView';
import type { IdempotencyState } from '@/lib/server/checkout/IdempotencyStore';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { LinkPurpose } from '@/lib/server/identity/IdentityService';
import type { SessionStage } from '@/lib/server/operators/OperatorSignIn';
import type {
  AfterAuthentication,
  SandboxIntentStatus,
  SandboxWalletPaymentStatus,
  WalletRenewalOutcome,
} from '@/lib/server/payments/sandbox/sandboxPayments';
import type { RefundStatus } from '@/lib/server/refunds/Refund';
import type { CancelChannel, EndReason } from '@/lib/server/subscriptions/Subscription';
import type { ActorKind, SubscriptionEvent } from '@/lib/server/subscriptions/subscriptionHistory';
import type { BadRowChannel, TrackingChannel } from '@/lib/server/tracking/storage/EventStore';

/**
 * Table types. Booleans are stored as 0/1 integers and structured values as JSON text so
 * that the same SQL runs on SQLite and PostgreSQL. A column that holds one of a few values
 * has the domain's union as its type. schema.test.ts holds all of it to the migrated
 * databases: a migration that adds, drops or changes a column must change this file too.
 */
export interface CatalogueVersionTable {
  id: number;
  version: number;
  updated_at: string;
}

export interface BrandTable {
  slug: string;
  name: string;
  identity_json: string;
  /** url_slug of one of the brand's checkout flows (migration 0034). */
  default_campaign: string | null;
  /** Absolute https URL where a subscriber starts reading (migration 0037). */
  reading_url: string | null;
  /** The locale its pages speak, "de-DE" (migration 0050). */
  locale: Generated<string>;
}

export interface OfferTable {
  id: string;
  uuid: string;
  brand_slug: string;
  name: string;
  description: string;
  currency_code: string;
  total_amount: number;
  discounted_amount: number | null;
  billing_interval: string;
  trial_offer: number;
  trial_days: number | null;
  is_print_offer: number;
  is_cross_sell: number;
  parent_offer_id: string | null;
  features_json: string;
  position: number;
  /** Migration 0036: the offer card's badge, and its image as JSON ({ src, alt, width, height }); null: none. */
  saving_badge: string | null;
  image_json: string | null;
  /** The offer's words by locale, JSON (lib/catalogue/catalogueFile.ts translations); null: none (migration 0062). */
  translations_json: string | null;
}

export interface CheckoutFlowTable {
  campaign_id: string;
  brand_slug: string;
  url_slug: string;
  headline: string;
  subheadline: string;
  enable_pre_auth: number;
  position: number;
  /** ISO instants; null: no start or no end (migration 0034). */
  starts_at: string | null;
  ends_at: string | null;
  /** The locale its pages speak; null: its brand's (migration 0050). */
  locale: string | null;
}

export interface CheckoutFlowPlanTable {
  campaign_id: string;
  offer_id: string;
  position: number;
}

export interface CouponTable {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  currency_code: string | null;
  valid_from: string | null;
  valid_until: string | null;
  /** '"all"' or {"brands", "campaigns", "offers"} as JSON (lib/catalogue/types CouponScope). */
  scope_json: string;
  max_redemptions: number | null;
  max_redemptions_per_customer: number | null;
}

/** A coupon's use by one order: held while its payment is under way, redeemed once paid. */
export interface CouponRedemptionTable {
  transaction_id: string;
  coupon_code: string;
  livemode: number;
  /** sha256 of the buyer's e-mail address, trimmed and lower-cased: the per-customer cap counts it. */
  email_digest: string;
  held_at: string;
  /** Null while the payment is under way. */
  redeemed_at: string | null;
}

/** One row per coupon and mode, locked while a hold is decided, so that two buyers never both take the last one. */
export interface CouponLockTable {
  coupon_code: string;
  livemode: number;
  locked_at: string;
}

export interface TransactionTable {
  id: string;
  receipt_token_hash: string;
  campaign_id: string;
  brand_slug: string;
  offer_id: string;
  order_json: string;
  coupon_code: string | null;
  payment_method: string;
  gateway: string;
  gateway_payment_id: string | null;
  status: TransactionStatus;
  livemode: number;
  source: string | null;
  customer_json: string;
  auto_renewal_consent_json: string | null;
  currency_code: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  invoice_number: string | null;
  subscription_id: string | null;
  failure_code: string | null;
  customer_email: string | null;
  /** The signed-in buyer's verified e-mail; null when not signed in (migration 0006). */
  buyer_identity: string | null;
  /** 1 once the card's bank asked for 3-D Secure on the order, else 0 (migration 0011). */
  authentication_requested: Generated<number>;
  /** The session id the order's tracking events carried when it was sent (migration 0012). */
  tracking_session_id: string | null;
  /** 'purchase' (a checkout's order) or 'renewal' (a period renewed, with its own invoice) (migration 0020). */
  kind: Generated<Transaction['kind']>;
  /** A renewal's subscription (subscription_id is unique: it names the subscription a purchase started). */
  renewal_of: string | null;
  /** The campaign version a preview link showed, when the order was placed through one (a test-mode order no report counts; migration 0061). */
  preview_version: number | null;
  /** The experiment and variant the buyer was enrolled in when they bought (migration 0063); null outside one. */
  experiment_id: string | null;
  variant_key: string | null;
  /** A renewal's period (ISO instants); null for a purchase. */
  period_start: string | null;
  period_end: string | null;
  /** A renewal's: the idempotency key of the try last sent to the provider (migration 0024). */
  renewal_key: string | null;
  /** What is refunded or being refunded of it, in minor units: refunds succeeded and pending (migration 0029). */
  refund_reserved: Generated<number>;
  /**
   * The provider's id of the money it took, where that is not gateway_payment_id (a PayPal order's
   * capture or a PayPal subscription's first sale, an Amazon Pay checkout's charge): what a refund names (migration 0029).
   */
  provider_charge_id: string | null;
  /** The express wallet (apple-pay, google-pay, link) that handed over the card paid with; null: none (migration 0035). */
  express_wallet: string | null;
  /** The locale its campaign spoke ("de-DE") and the buyer's IANA time zone: what its e-mails speak in (migration 0051). */
  locale: Generated<string>;
  time_zone: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A refund of a paid transaction through its provider, with its credit note once it succeeded (migration 0029). */
export interface RefundTable {
  id: string;
  transaction_id: string;
  amount_minor: number;
  currency_code: string;
  livemode: number;
  reason: string;
  status: RefundStatus;
  /** The provider's id for the refund; null until the provider answered. */
  provider_refund_id: string | null;
  /** Unique: a retry finds the same refund. */
  idempotency_key: string;
  /** CN-2026-000001 (CN-TEST-… in test mode): given when it succeeds, gap-free per mode and year. */
  credit_note_number: string | null;
  /** Who asked: free text for now ('operator:<id>', 'buyer'). */
  requested_by: string;
  failure_code: string | null;
  failure_message: string | null;
  /** When it was last sent to the provider: a pending refund never answered is sent again, under the same key, after a while. */
  sent_at: string | null;
  created_at: string;
  settled_at: string | null;
}

/**
 * An invoice as issued: one per paid order or renewal, numbered gap-free per mode and year
 * (the number also on transactions.invoice_number), with what it states (migration 0048).
 */
export interface InvoiceTable {
  /** INV-2026-000042 (INV-TEST-… in test mode). */
  number: string;
  transaction_id: string;
  subscription_id: string | null;
  livemode: number;
  kind: InvoiceKind;
  issued_at: string;
  brand_slug: string;
  offer_name: string;
  /** Who issued it: { id, legalName, address, taxNumber } (migration 0054); null on invoices issued before sellers were named. */
  seller_json: string | null;
  /** The buyer as billed: { name, email, country }, and since issue 39 the billing address and where print went. */
  billed_to_json: string;
  currency_code: string;
  /** The lines as stated: [{ name, amount }], minor units. */
  lines_json: string;
  /** The plan's price over time (PriceTerms); null: none to state. */
  price_terms_json: string | null;
  subtotal: number;
  discount: number;
  coupon_code: string | null;
  tax: number;
  /** The order's TaxRate: { rate, inclusive, components: [{ kind, rate }] } (before tax kinds: { rate, inclusive, label }, keptTax.ts). */
  tax_rate_json: string;
  /** What each tax came to: [{ kind, rate, amount }] (migration 0049); null on invoices issued before, whose one tax is `tax`. */
  tax_lines_json: string | null;
  total: number;
  /** How it was paid, as the order kept it (OrderSnapshot['payment']). */
  payment_json: string;
}

/** A credit note: one per refund made, crediting one invoice (migration 0048); the number also on refunds.credit_note_number. */
export interface CreditNoteTable {
  /** CN-2026-000042 (CN-TEST-… in test mode). */
  number: string;
  refund_id: string;
  invoice_number: string;
  livemode: number;
  issued_at: string;
  currency_code: string;
  amount: number;
  reason: string;
}

/** A refund the sandbox gateways made, once per idempotency key (migration 0029). */
export interface SandboxRefundTable {
  id: string;
  payment_id: string;
  amount: number;
  currency_code: string;
  idempotency_key: string;
  created_at: string;
}

/** Our subscription record: one per renewing purchase (migration 0015). */
export interface SubscriptionTable {
  id: string;
  transaction_id: string;
  brand_slug: string;
  campaign_id: string;
  offer_id: string;
  offer_name: string;
  is_print: number;
  /** The verified e-mail of the buyer who owns it; null until one bought signed out is claimed. */
  owner_email: string | null;
  /** The billing e-mail, lower case: a claim is a sign-in link sent to it. */
  billing_email: string;
  livemode: number;
  /** Cancelling is cancel_at_period_end on a live one. */
  status: StoredSubscriptionStatus;
  cancel_at_period_end: Generated<number>;
  cancel_requested_at: string | null;
  cancel_reason: string | null;
  /** Where the cancellation was declared: 'account' (signed in), 'cancel-page' (the footer's page, § 312k BGB) or 'care' (customer care). */
  cancel_channel: CancelChannel | null;
  /** 1 once a provider that renews by itself (PayPal) confirmed it stopped the renewals of a cancelled one. */
  provider_paused: Generated<number>;
  /** Refusals in a row of the provider to pause or resume its renewals; the settling pass gives up at a bound (migration 0043). */
  provider_tries: Generated<number>;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  renewal_amount: number;
  currency_code: string;
  billing_interval: string;
  payment_method: string;
  /** How it is paid, as shown: a card's brand and last four, or the wallet. */
  payment_json: string;
  /** The express wallet whose card renews it (payment_json names it too); null: none (migration 0035). */
  express_wallet: string | null;
  gateway: string;
  /** What the provider needs to charge or stop it (RenewalInstrument); null when nothing reusable was kept. */
  instrument_json: string | null;
  needs_payment_method: Generated<number>;
  delivery_address_json: string | null;
  /** A business buyer's company: { companyName, vatNumber, country, vatStatus } (migration 0056); null for a private buyer. */
  business_json: Generated<string | null>;
  /** The renewal terms the buyer agreed to, when and from which client. */
  consent_json: string | null;
  ended_at: string | null;
  /** Failed tries of the period being renewed. */
  renewal_tries: Generated<number>;
  /** The experiment and variant of the purchase that started it (its transaction's; migration 0063). */
  experiment_id: Generated<string | null>;
  variant_key: Generated<string | null>;
  past_due_since: string | null;
  /** When the next try of a past-due renewal is due; null: none (a hard decline, or no tries left). */
  retry_at: string | null;
  /** Until when a past-due subscription keeps access. */
  grace_until: string | null;
  /** Why the last try failed (a PaymentFailureCode). */
  renewal_failure_code: string | null;
  /** Why it ended, once it has. */
  end_reason: EndReason | null;
  /** The end of a first period at a trial or promotional price long enough to need its own notice (migration 0022). */
  introductory_until: string | null;
  /** A new renewal price, noticed, and the renewal it applies from (migration 0023). */
  pending_renewal_amount: number | null;
  pending_price_from: string | null;
  /** Bumped by every write (SubscriptionStore); a writer may ask for its write to apply only at the version it read (migration 0044). */
  version: Generated<number>;
  /** Its purchase's locale and time zone: what its e-mails speak in and show times in (migration 0051). */
  locale: Generated<string>;
  time_zone: Generated<string>;
  /** 1 where its price holds the tax (VAT), 0 where tax is added on top: its purchase's rule (migration 0052). */
  tax_included: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * The renewal engine's schedule of a subscription, one row each (migration 0046): written by
 * SubscriptionStore only, read alone by the engine's due claim, so that a lease never
 * touches the subscription's row or its version.
 */
export interface SubscriptionScheduleTable {
  subscription_id: string;
  /** When, in real time, the renewal engine next has something to do for it; null: nothing. */
  next_action_at: string | null;
  /** A renewal run's claim on it (real time): instances share the due ones. */
  lease_until: string | null;
}

/**
 * A test-mode subscription's test clock, for one whose clock QA moved (migration 0047):
 * every other has no row and follows the real clock. Written by SubscriptionStore only,
 * with the history row of the move.
 */
export interface SubscriptionTestClockTable {
  subscription_id: string;
  /** How far its own clock runs ahead of the real one, in ms. */
  offset_ms: number;
  /** When it was last moved (real time); null: moved before it was kept. */
  moved_at: string | null;
}

/** Who recorded a campaign's version: an import of the catalogue, or an operator in the studio. */
export type CampaignVersionAuthor = 'import' | 'operator';

/** A campaign as it was when recorded, kept whole (migration 0057, lib/server/campaigns/CampaignVersions.ts). */
export interface CampaignVersionTable {
  campaign_id: string;
  /** 1, 2, 3… per campaign. */
  version: number;
  /** lib/campaigns/campaignContent.ts CampaignContent, as canonical JSON. */
  content_json: string;
  author_kind: CampaignVersionAuthor;
  /** The operator's id; null for an import. */
  author_id: string | null;
  created_at: string;
  /** When it reached the catalogue; null: a draft saved in the studio (migration 0058). */
  published_at: string | null;
}

/** One applied change of a subscription's contract, appended by SubscriptionStore in the write's transaction (migration 0044). */
export interface SubscriptionHistoryTable {
  id: string;
  subscription_id: string;
  /** The subscription's version this write made; null when reconstructed. */
  version: number | null;
  /** Real time. */
  at: string;
  /** The subscription's own clock at that moment (a test clock's; real time otherwise). */
  clock_at: string;
  event: SubscriptionEvent;
  actor_kind: ActorKind;
  /** The operator's id, the provider's event id...; null when none names it. */
  actor_id: string | null;
  /** The changed contract fields as they were, and as the write left them: JSON objects by column. */
  before_json: string;
  after_json: string;
  /** 1 when rebuilt from older records (purchase, renewals, notices...) rather than kept when it happened. */
  reconstructed: Generated<number>;
  created_at: string;
}

/** A notice sent before a renewal, as sent (migration 0022). */
export interface SubscriptionNoticeTable {
  id: string;
  subscription_id: string;
  kind: NoticeKind;
  /** The instant it is about: the period end, or the anniversary. */
  about: string;
  due_at: string;
  sent_at: string;
  /** The outbox row of its e-mail. */
  mail_id: string | null;
  /** What it said: amount, date, terms. */
  content_json: string;
}

/** A cancellation declared on the public cancel page, as declared (migration 0015). */
export interface CancelDeclarationTable {
  id: string;
  /** Lower case. */
  email: string;
  brand_slug: string;
  livemode: number;
  reason: string | null;
  /** The client it came from: { address, userAgent }. */
  client_json: string;
  /** How many subscriptions it cancelled (0 when the address held none, and until applied): never shown to the declarer. */
  subscriptions_cancelled: number;
  declared_at: string;
  /** When the background pass applied it (cancelled what the address held); null until then (migration 0039). */
  applied_at: string | null;
  /** The site the declaration reached, for the e-mails' links; null when none was known (PUBLIC_ORIGIN is used). */
  origin: string | null;
}

/** A declaration of withdrawal within 14 days, from the account or the public page (migration 0032). */
export interface WithdrawalTable {
  id: string;
  /** The subscription withdrawn from (unique: withdrawn once); null for a public declaration that matched no purchase. */
  subscription_id: string | null;
  /** Its purchase transaction; null as subscription_id. */
  transaction_id: string | null;
  channel: WithdrawalChannel;
  /** Lower case: the signed-in owner's, or the address typed on the public page. */
  email: string;
  name: string | null;
  /** As typed on the public page; the purchase's own from the account. */
  invoice_number: string | null;
  livemode: number;
  /** The client it came from: { address, userAgent }. */
  client_json: string;
  /** The refund made for it; null until asked, or when nothing was paid. */
  refund_id: string | null;
  declared_at: string;
  /** When its subscription was ended for it; null while a public declaration waits for its subscriber (migration 0041). */
  applied_at: string | null;
  /** When its subscriber said it was not them (subscription_id then null, transaction_id kept). */
  objected_at: string | null;
  /** The site it reached, for the links of the e-mails the background pass writes; null: PUBLIC_ORIGIN. */
  origin: string | null;
  /**
   * When the background pass matched a public declaration to a purchase, or found it matched
   * none; null while it waits for the pass. A withdrawal from the account is examined when made (migration 0042).
   */
  examined_at: string | null;
}

/** An e-mailed link of a withdrawal waiting for its subscriber (migration 0041): only its token's hash is kept. */
export interface WithdrawalLinkTable {
  token_hash: string;
  withdrawal_id: string;
  purpose: WithdrawalLinkPurpose;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A one-click "Keep my subscription" link (migration 0015): only its token's hash is kept. */
export interface KeepLinkTable {
  token_hash: string;
  subscription_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A one-click link that undoes a duplicate purchase: ends its subscription and refunds it (migration 0031). */
export interface DuplicatePurchaseUndoTable {
  id: string;
  transaction_id: string;
  subscription_id: string;
  /** The live subscription of the same brand and mode the address already held when it was paid. */
  earlier_subscription_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SandboxPaymentIntentTable {
  id: string;
  amount: number;
  currency_code: string;
  status: SandboxIntentStatus;
  card_brand: string;
  card_last4: string;
  after_authentication: AfterAuthentication | null;
  return_url: string | null;
  last_error_code: string | null;
  idempotency_key: string;
  /** How its card's renewal charges go (migration 0020). */
  renewal_outcome: Generated<RenewalScenario>;
  created_at: string;
  updated_at: string;
}

/** A sandbox wallet's payment (PayPal or Amazon Pay stand-in), approved on our sandbox page. */
export interface SandboxWalletPaymentTable {
  id: string;
  wallet: string;
  /** What the real wallet would make for this offer. */
  flow: WalletFlow;
  amount: number;
  currency_code: string;
  description: string;
  status: SandboxWalletPaymentStatus;
  return_url: string;
  last_error_code: string | null;
  idempotency_key: string;
  livemode: number;
  /** 1 while a sandbox PayPal subscription is suspended (cancelled, its period still running) (migration 0015). */
  renewals_paused: Generated<number>;
  /** How its renewals go: 'decline' is "Approve, renewals will fail" (migration 0021). */
  renewal_outcome: Generated<WalletRenewalOutcome>;
  /** When the sandbox PayPal cancelled the subscription for good, its cancelled period over (migration 0021). */
  renewals_cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PayPalPlanTable {
  key: string;
  plan_id: string;
  created_at: string;
}

export interface IdempotencyKeyTable {
  key: string;
  request_hash: string;
  state: IdempotencyState;
  response_json: string | null;
  created_at: string;
  updated_at: string;
}

export interface GatewayEventTable {
  id: string;
  gateway: string;
  type: string;
  received_at: string;
}

export interface UserTable {
  id: string;
  email: string;
  created_at: string;
}

export interface SignInLinkTable {
  token_hash: string;
  email: string;
  purpose: LinkPurpose;
  return_path: string;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
  /** SHA-256 of the asking browser's nonce cookie (0017); null for links made before. */
  browser_nonce_hash: string | null;
}

export interface SessionTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  /** When the session was last used (0017), refreshed at most every few minutes: the idle timeout counts from it. */
  last_seen_at: string | null;
}

/** The mail queue (0016, lib/server/mail): every mail the product sends, from queued to sent or given up. */
export interface OutboxTable {
  id: string;
  /** In lower case. */
  to_email: string;
  subject: string;
  body_text: string;
  /** Null for the mails of the outbox before 0016 (text only). */
  body_html: string | null;
  /** The mail's main link; null when it has none. */
  link: string | null;
  kind: MailKind;
  status: MailStatus;
  /** Tries that ended (sent or failed); a try cut short by a crash does not count. */
  attempts: Generated<number>;
  /** ISO 8601: when a pending mail is due (its first try, or the next after a failure). */
  next_attempt_at: string;
  /** ISO 8601: until when the worker that claimed the mail may send it; after that, any worker may. */
  lease_until: string | null;
  /** The claim (one per batch) that holds the lease: only it may record the outcome. */
  claimed_by: string | null;
  sent_at: string | null;
  /** The last failed try's error, kept after a later success too. */
  last_error: string | null;
  /** ISO 8601: the date on a moved test clock that the mail speaks of (0040); null for every other mail. */
  clock_at: Generated<string | null>;
  /** The document attached as a PDF, rendered when sent: { kind: 'invoice' | 'credit-note', number } (0055); null for none. */
  attachment_json: Generated<string | null>;
  created_at: string;
}

export interface InvoiceSequencesTable {
  scope: string;
  last_number: number;
}

export interface RateLimitTable {
  bucket: string;
  window_start: string;
  count: number;
  /** When the window was last counted (null: counted before migration 0007). */
  updated_at: string | null;
}

/** Random secrets made on first use and shared by every app instance (the sandbox's card-fingerprint key). */
export interface ServerSecretTable {
  name: string;
  /** Hex. */
  secret: string;
  created_at: string;
}

export interface TrackingEventTable {
  id: string;
  received_at: string;
  channel: TrackingChannel;
  action: string;
  topic: string | null;
  campaign_id: string | null;
  session_id: string | null;
  source: string | null;
  livemode: number;
  payload_json: string;
  /** The experiment and variant the event's page showed (its `_context.experiment`; migration 0063). */
  experiment_id: string | null;
  variant_key: string | null;
}

export interface TrackingBadRowTable {
  id: string;
  received_at: string;
  channel: BadRowChannel;
  reason: string;
  raw: string;
}

/** A window of the bad-row limiter (migration 0014): one row per minute with refused requests tallied. */
export interface BadRowWindowTable {
  /** ISO 8601 start of the window. */
  window_start: string;
  /** Addresses with tallies of their own in the window (reserved, so possibly a few more than have rows). */
  followed: Generated<number>;
  /** When an instance claimed the window's summaries; null until then. */
  summarised_at: string | null;
}

/** What became of one address's refused requests on one channel in one window ('' = the addresses beyond those followed). */
export interface BadRowTallyTable {
  window_start: string;
  client: string;
  channel: BadRowChannel;
  kept: Generated<number>;
  suppressed: Generated<number>;
  /** Of the suppressed, those over the accepted-events limit (429). */
  limited: Generated<number>;
  /** The reason of the latest suppressed request ('' while none was). */
  last_reason: Generated<string>;
  /** ISO 8601 time of that request. */
  last_at: Generated<string>;
}

export interface SchemaObservationTable {
  event_name: string;
  schema_json: string;
  first_seen: string;
  last_seen: string;
  count: number;
}

/** The last run of one background job, whichever instance ran it (migration 0043; lib/server/jobs). */
export interface JobRunTable {
  job: string;
  /** The instance that started the last run (host and process id). */
  instance: string;
  last_started_at: string;
  /** Null while the first run is under way. */
  last_finished_at: string | null;
  last_duration_ms: number | null;
  /** How late the last run started against its schedule or the kick that asked for it. */
  last_lag_ms: number | null;
  last_items: number | null;
  last_failures: number | null;
  /** The failed run's error message (ids and counts only); null when it ended well. */
  last_error: string | null;
}

/** A campaign's version to publish at a time (migration 0059); deleted when published or called off. */
export interface CampaignScheduleTable {
  campaign_id: string;
  version: number;
  publish_at: string;
  /** The IANA zone the marketer chose the time in, to show it back as they wrote it. */
  time_zone: string;
  operator_id: string;
  /** The audit log's name for who scheduled it: the job publishes in their name. */
  actor: string;
  created_at: string;
}

/** A picture uploaded in the studio, under the hash of its bytes (migration 0060). */
export interface OfferImageTable {
  /** The first 32 hex digits of the bytes' SHA-256. */
  id: string;
  content_type: string;
  width: number;
  height: number;
  byte_length: number;
  bytes: Buffer;
  operator_id: string;
  created_at: string;
}

/** A preview link of a campaign's version, under its token's hash (migration 0061). */
export interface CampaignPreviewTable {
  token_hash: string;
  campaign_id: string;
  version: number;
  operator_id: string;
  created_at: string;
  expires_at: string;
}

export type ExperimentStatus = 'running' | 'paused' | 'stopped';

/** An A/B test of a campaign's versions (migration 0063). */
export interface ExperimentTable {
  id: string;
  campaign_id: string;
  name: string;
  status: ExperimentStatus;
  operator_id: string;
  started_at: string;
  paused_at: string | null;
  stopped_at: string | null;
  /** The variant kept when it was stopped, and the campaign version that published it. */
  winner_key: string | null;
  winner_version: number | null;
}

/** One variant of an experiment: a campaign version and its whole-percent weight; the first (A) is the control. */
export interface ExperimentVariantTable {
  experiment_id: string;
  key: string;
  position: number;
  version: number;
  weight: number;
}

/** A visitor enrolled in an experiment (with analytics consent, on the offer page) and the variant they keep. */
export interface ExperimentVisitorTable {
  experiment_id: string;
  visitor_id: string;
  variant_key: string;
  livemode: number;
  source: string | null;
  enrolled_at: string;
}

export interface Database {
  experiments: ExperimentTable;
  experiment_variants: ExperimentVariantTable;
  experiment_visitors: ExperimentVisitorTable;
  catalogue_version: CatalogueVersionTable;
  brands: BrandTable;
  offers: OfferTable;
  checkout_flows: CheckoutFlowTable;
  campaign_versions: CampaignVersionTable;
  campaign_schedules: CampaignScheduleTable;
  campaign_previews: CampaignPreviewTable;
  offer_images: OfferImageTable;
  checkout_flow_plans: CheckoutFlowPlanTable;
  coupons: CouponTable;
  coupon_redemptions: CouponRedemptionTable;
  coupon_locks: CouponLockTable;
  transactions: TransactionTable;
  refunds: RefundTable;
  invoices: InvoiceTable;
  credit_notes: CreditNoteTable;
  sandbox_refunds: SandboxRefundTable;
  subscriptions: SubscriptionTable;
  subscription_notices: SubscriptionNoticeTable;
  subscription_history: SubscriptionHistoryTable;
  subscription_schedule: SubscriptionScheduleTable;
  subscription_test_clocks: SubscriptionTestClockTable;
  cancel_declarations: CancelDeclarationTable;
  job_runs: JobRunTable;
  withdrawals: WithdrawalTable;
  withdrawal_links: WithdrawalLinkTable;
  keep_links: KeepLinkTable;
  duplicate_purchase_undos: DuplicatePurchaseUndoTable;
  sandbox_payment_intents: SandboxPaymentIntentTable;
  idempotency_keys: IdempotencyKeyTable;
  gateway_events: GatewayEventTable;
  sandbox_wallet_payments: SandboxWalletPaymentTable;
  paypal_plans: PayPalPlanTable;
  users: UserTable;
  sign_in_links: SignInLinkTable;
  sessions: SessionTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  server_secrets: ServerSecretTable;
  invoice_sequences: InvoiceSequencesTable;
  tracking_events: TrackingEventTable;
  tracking_bad_rows: TrackingBadRowTable;
  schema_observations: SchemaObservationTable;
  bad_row_windows: BadRowWindowTable;
  bad_row_tallies: BadRowTallyTable;
  csp_violations: CspViolationTable;
  operators: OperatorTable;
  operator_recovery_codes: OperatorRecoveryCodeTable;
  operator_links: OperatorLinkTable;
  operator_sessions: OperatorSessionTable;
  operator_tokens: OperatorTokenTable;
  audit_log: AuditLogTable;
}

/** An operator of the back office (0030). */
export interface OperatorTable {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** The TOTP secret, sealed (totpSecretBox.ts); set when the first code confirms it (0038: never before). */
  totp_secret: string | null;
  totp_enrolled_at: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  factor_failures: number;
  locked_until: string | null;
  created_at: string;
  disabled_at: string | null;
}

export interface OperatorRecoveryCodeTable {
  code_hash: string;
  operator_id: string;
  created_at: string;
  used_at: string | null;
}

export interface OperatorLinkTable {
  token_hash: string;
  operator_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A back-office session: 'enrol' or 'factor' until the second factor is given, then 'signed-in'. */
export interface OperatorSessionTable {
  token_hash: string;
  operator_id: string;
  stage: SessionStage;
  created_at: string;
  last_seen_at: string;
  absolute_expires_at: string;
  ended_at: string | null;
  /** When the second factor was last given in this session (sign-in or step-up, 0038); null while pending. */
  factor_verified_at: string | null;
  /** An enrol-stage session's own TOTP secret, sealed (0038): copied to the operator only when a code confirms it. */
  enrol_totp_secret: string | null;
}

export interface OperatorTokenTable {
  id: string;
  operator_id: string;
  name: string;
  token_hash: string;
  /** JSON array of areas (lib/operators/roles.ts). */
  scopes_json: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Append-only (0030's triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  seq: Generated<number>;
  at: string;
  operator_id: string | null;
  /** Who acted, in words: "operator:<email>", "command line", "buyer:<email>". */
  actor: string;
  action: string;
  target: string | null;
  before_json: string | null;
  after_json: string | null;
  /** The client's address key, when the action came over HTTP. */
  client: string | null;
}

/**
 * Content-Security-Policy violations browsers reported (0027; 0010's one row per report
 * folded in): one row per violation and day, counted.
 */
export interface CspViolationTable {
  id: Generated<number>;
  /** cspViolationKey: directive, blocked origin, page, source file, disposition. */
  violation_key: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The page's path, without its query. */
  page: string;
  directive: string;
  /** "inline", "eval", or the blocked resource's origin. */
  blocked: string;
  /** The script that tried (file:line), as the day's first report gave it. */
  source: string | null;
  disposition: 'enforce' | 'report';
  /** The day's first report's sample of the code, if any. */
  sample: string | null;
  count: number;
  first_seen: string;
  last_seen: string;
}
