import type { PostalAddress } from '@/lib/geo/addressFormat';
import type { BrandIdentity } from '@/lib/catalogue/types';
import type { TaxWording } from '@/lib/i18n/priceOverTime';
import type { WalletId } from '@/lib/payments/methods';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { SubscriptionStatus } from '@/lib/subscriptions/subscriptionStatus';
import type { BusinessDetails } from '@/lib/subscriptions/subscription';

/**
 * One subscription as the account shows it. Its pages word it in the reader's language and
 * time zone from `status`, `facts` and the instants: it carries no sentence of its own.
 */
export interface SubscriptionSummary {
  id: string;
  brandSlug: string;
  brandName: string;
  offerName: string;
  livemode: boolean;
  status: SubscriptionStatus;
  /** When a trial still running ends (an ISO instant). */
  trialEndsOn: string | null;
  /** When it was bought, an ISO instant (with the plan and payment method, what tells two alike apart). */
  startedOn: string;
  /** "Visa ending in 4242", "PayPal", "Amazon Pay". */
  paymentMethod: string;
  /** `card`: changed on our card page; else the method whose renewal declaration says where (a wallet's account). */
  paymentChange: 'card' | WalletId;
  /** Nothing reusable was kept: a card is needed before it renews. */
  needsPaymentMethod: boolean;
  isPrint: boolean;
  deliveryAddress: PostalAddress | null;
  /**
   * A business buyer's company as its later invoices name it, and whether its renewals are
   * charged no VAT once finance verified its number (lib/pricing/reverseCharge.ts); null for a private buyer.
   */
  business: (BusinessDetails & { exemptWhenVerified: boolean }) | null;
  invoices: InvoiceLink[];
  canCancel: boolean;
  canResume: boolean;
  /** Its purchase may be withdrawn from now (EU and UK buyers, within 14 days: lib/withdrawal); absent: no. */
  canWithdraw?: boolean;
  /**
   * A test-mode sandbox subscription's own clock, which QA can move (its now, an ISO instant);
   * null where it follows the real clock, and once it has ended (nothing is left to move to).
   */
  testClock: { today: string } | null;
  /** What the account words itself, in the reader's language and time zone. */
  facts: SubscriptionFacts;
  /**
   * What happened to it lately, oldest first, on its own clock: its kept history, less what
   * only we or customer care need to know. Absent where the answer does not carry it.
   */
  history?: AccountHistoryLine[];
}

/** Instants are ISO strings, amounts minor units: the reader's page words and dates them. */
export interface SubscriptionFacts {
  /** The next charge of one that renews, with how its market says the tax (included in the EU and the UK). */
  nextCharge: { at: string; amount: number; currencyCode: CurrencyCode; tax: TaxWording } | null;
  /** When a cancelled or ended one ends or ended, to the minute. */
  endsAt: string | null;
  /** The end of the current period, to the minute: what a cancellation keeps access until. */
  periodEnd: string;
  /**
   * While a renewal is unpaid: the card's failure (a wallet says its own), our next try, and
   * until when access is kept and when it ends (null where the provider decides them).
   */
  pastDue: {
    failureCode: PaymentFailureCode | null;
    retryAt: string | null;
    dates: { accessUntil: string; endsOn: string } | null;
  } | null;
}

/** What happened, as the account's History says it: an event and what its sentence names. */
export type AccountHistoryEvent =
  | {
      kind:
        | 'purchased'
        | 'claimed'
        | 'renewalFailed'
        | 'bankRefused'
        | 'cancelled'
        | 'resumed'
        | 'ended'
        | 'addressChanged'
        | 'businessChanged'
        | 'vatVerified'
        | 'vatRejected'
        | 'paymentMethodChanged'
        | 'reminded'
        | 'withdrawalDeclared'
        | 'withdrawalObjected'
        | 'cancelDeclared';
    }
  | { kind: 'renewed' | 'recovered'; until: string }
  | { kind: 'newPrice'; amount: number; currencyCode: CurrencyCode; from: string }
  | { kind: 'clockMoved'; days: number }
  | { kind: 'refunded'; amount: number; currencyCode: CurrencyCode };

export interface AccountHistoryLine {
  /** When, on the subscription's own clock (an ISO instant). */
  at: string;
  event: AccountHistoryEvent;
}

export interface InvoiceLink {
  transactionId: string;
  number: string;
  /** When it was issued (an ISO instant). */
  issuedAt: string;
  /** Its total in minor units, and what was refunded of it (absent while nothing was). */
  total: number;
  currencyCode: CurrencyCode;
  refunded?: number;
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
    /** The paid order's: its PDF is /api/account/invoices/{transactionId}/pdf. */
    transactionId: string;
    date: string;
    brandName: string;
    offerName: string;
    /** Who issued it: its legal name, address lines and tax number; null on invoices issued before sellers were named. */
    seller: { name: string; lines: string[]; taxNumber: string } | null;
    /** The buyer: the name, the e-mail, the country's name, and the address as an envelope shows it (or the country alone). */
    billedTo: { name: string; company?: string; vatNumber?: string; email: string; country: string; lines: string[] };
    /** Where a print order went, as an envelope shows it. */
    deliveredTo?: string[];
    lines: { name: string; amount: string }[];
    /**
     * The plan's price over time, as the offer page said it ("Vogue Digital: First year $25,
     * then $50 a year."); a renewal's states the renewal price. Absent: none to state.
     */
    priceTerms?: string;
    discount: { label: string; amount: string } | null;
    /** One row per tax levied with its rate (Quebec: GST and QST), or one "Tax" row where none was. */
    taxes: { label: string; amount: string }[];
    /** Why no VAT is charged, on a sale without it to a business: "Reverse charge: …". */
    taxNote?: string;
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
