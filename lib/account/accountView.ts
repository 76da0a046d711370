import type { BrandIdentity } from '@/lib/catalogue/types';
import type { WalletId } from '@/lib/payments/methods';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';

/** One subscription as the account shows it: every sentence already worded, dates in UTC. */
export interface SubscriptionSummary {
  id: string;
  brandSlug: string;
  brandName: string;
  offerName: string;
  livemode: boolean;
  status: SubscriptionStatus;
  /** "Active", "Free trial", "Payment due", "Cancelled", "Ended". */
  statusText: string;
  /** The next charge, for one that renews: "December 26, 2026" and "$50.00 plus any applicable tax". */
  nextCharge: { date: string; amount: string } | null;
  /** When a cancelled or ended one ends or ended: "December 26, 2026 at 10:00 UTC". */
  endsAt: string | null;
  /** The end of the current period, to the minute: what a cancellation keeps access until. */
  periodEndsAt: string;
  /** The last day of a trial still running. */
  trialEndsOn: string | null;
  /** When it was bought: "November 3, 2026" (with the plan and payment method, what tells two alike apart). */
  startedOn: string;
  /** "Visa ending in 4242", "PayPal", "Amazon Pay". */
  paymentMethod: string;
  /** `card`: changed on our card page; else the method whose renewal declaration says where (a wallet's account). */
  paymentChange: 'card' | WalletId;
  /** Nothing reusable was kept: a card is needed before it renews. */
  needsPaymentMethod: boolean;
  isPrint: boolean;
  deliveryAddress: { line1: string; city: string; postalCode: string } | null;
  invoices: InvoiceLink[];
  canCancel: boolean;
  canResume: boolean;
  /** Its purchase may be withdrawn from now (EU and UK buyers, within 14 days: lib/withdrawal); absent: no. */
  canWithdraw?: boolean;
  /**
   * While a renewal is unpaid: why; what happens next ("We will try again on …", or PayPal's
   * own tries); until when access is kept and when it ends (null where the provider decides);
   * and for a wallet, what to do at the wallet (a card's is the card page).
   */
  pastDue: {
    reason: string;
    next: string;
    dates: { accessUntil: string; endsOn: string } | null;
    walletFix: { text: string; label: string; href: string } | null;
    /** The bank holds the renewal's payment until the subscriber confirms it (3-D Secure): the card page offers that first. */
    awaitsBank: boolean;
  } | null;
  /**
   * A test-mode sandbox subscription's own clock, which QA can move ("December 26, 2026");
   * null where it follows the real clock, and once it has ended (nothing is left to move to).
   */
  testClock: { today: string } | null;
  /**
   * What happened to it lately, oldest first, in the subscriber's words and on its own clock
   * ("November 3, 2026", "Subscribed"): its kept history, less what only we or customer care
   * need to know. Absent where the answer does not carry it.
   */
  history?: AccountHistoryLine[];
}

export interface AccountHistoryLine {
  /** "November 3, 2026". */
  date: string;
  text: string;
}

export interface InvoiceLink {
  transactionId: string;
  number: string;
  /** "November 26, 2026". */
  date: string;
  /** "$25.00". */
  total: string;
  /** What was refunded of it, "$10.00"; absent while nothing was. */
  refunded?: string;
}

/** The brand the account is shown in, when all it shows is one brand's. */
export interface AccountBrand {
  name: string;
  identity: BrandIdentity;
}

export interface AccountPageProps {
  email: string;
  /** Test mode (?livemode=false or the mt_livemode cookie): test subscriptions shown too, marked Test. */
  livemode: boolean;
  subscriptions: SubscriptionSummary[];
  brand: AccountBrand | null;
}

/** A page about one of the signed-in subscriber's subscriptions (cancel, delivery address). */
export interface SubscriptionPageProps {
  email: string;
  livemode: boolean;
  subscription: SubscriptionSummary;
  brand: AccountBrand | null;
}

/** A printable invoice of one of the subscriber's paid orders. */
export interface InvoicePageProps {
  email: string;
  livemode: boolean;
  brand: AccountBrand | null;
  invoice: {
    number: string;
    date: string;
    brandName: string;
    offerName: string;
    billedTo: { name: string; email: string; country: string };
    lines: { name: string; amount: string }[];
    /**
     * The plan's price over time, as the offer page said it ("Vogue Digital: First year $25,
     * then $50 a year."); a renewal's states the renewal price. Absent: none to state.
     */
    priceTerms?: string;
    discount: { label: string; amount: string } | null;
    /** One row per tax levied (Quebec: GST and QST), or one "Tax" row where none was. */
    taxes: { label: string; amount: string }[];
    total: string;
    paymentMethod: string;
    livemode: boolean;
    /** The refunds made of it, each with its credit note, oldest first; absent or empty while none was. */
    refunds?: { creditNoteNumber: string; date: string; amount: string }[];
    /** Their sum, "$10.00". */
    refunded?: string;
  };
}

/** An account page that could not be shown, and why; the page says it in the account's frame. */
export type Refused = { refused: { status: number; message: string } };
export type AccountProps<P> = P | Refused;

export const isRefused = <P extends object>(props: AccountProps<P>): props is Refused => 'refused' in props;
