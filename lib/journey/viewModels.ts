import type { LanguageChoice } from '@/lib/i18n/languageOffers';
import type { PaymentFailureCode } from '@/lib/payments/paymentErrors';
import type { CheckoutFlow, Offer } from '@/lib/catalogue/types';
import type { Cart } from '@/lib/cart/cart';
import type { CartSelection } from '@/lib/cart/cartSelection';
import type { QuoteRequestInput, QuoteResponse } from '@/lib/checkout/quoteContract';
import type { BilledTo } from '@/lib/checkout/billedTo';
import type { TransactionView } from '@/lib/checkout/transactionView';
import type { PublicTrackingEnv } from '@/lib/config/publicEnv';
import type { EnabledPaymentMethod } from '@/lib/payments/methods';
import type { IsoDate } from '@/lib/pricing/renewalDates';
import type { ArrivalLocation } from '@/lib/geo/arrivalLocation';
import type { CountryLines } from '@/lib/geo/countryLines';
import type { SignInLinkView } from '@/lib/identity/signInLinks';
import type { ErrorBrand } from './errorPage';
import type { JourneyMode } from './query';
import type { StepId } from './steps';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import type { MessageDescriptor } from '@/lib/i18n/messageKey';

/**
 * The order as the server rendered it: what the visitor chose, resolved against the
 * catalogue and priced. The browser starts from exactly this, so its first render matches.
 */
export interface OrderViewModel {
  selection: CartSelection;
  plan: Offer;
  items: Cart;
  /** The add-ons that may go with the plan (cart step). */
  availableAddOns: Offer[];
  /** The request the server priced, so that the browser does not ask for it again. */
  quoteRequest: QuoteRequestInput;
  /** The server's quote for the selection; null when pricing failed (quoteError says why). */
  quote: QuoteResponse | null;
  quoteError: string | null;
}

/** The order of the cart, promo-code and payment steps; null is an empty cart. */
export interface OrderStepView {
  order: OrderViewModel | null;
  /** Why the order saved in the browser could not be used, when it could not. */
  notice: string | null;
  /** No cart, because this browser's order on the campaign is paid (back from the success page). */
  paidOrder: boolean;
}

/** Each step's own view model: what its loader returns and its view renders. */
export interface StepViewModels {
  campaign: Record<string, never>;
  cart: OrderStepView & {
    /** A signed-in visitor who already subscribes to the brand is not sold it again. */
    alreadySubscribed: boolean;
  };
  'promo-code': OrderStepView;
  'credit-card': OrderStepView & {
    /** The methods this mode takes payments with, in the order they are offered. */
    paymentMethods: EnabledPaymentMethod[];
    /** The signed-in visitor's e-mail, to prefill the form. */
    signedInEmail: string | null;
    /** Today's date on the server (UTC), from which the renewal and first-charge dates are stated. */
    today: IsoDate;
    /** Why the last attempt failed, when the bank's page sent the visitor back with a failure: the page words it. */
    returnedFailure: PaymentFailureCode | null;
    /** Sent back with a failure: the session id the order's events carried, which this page continues. */
    trackingSessionId: string | null;
    /**
     * Where the visitor seems to be (lib/server/geo/visitorLocation.ts): the country (and
     * region) the form starts with while the buyer has chosen none; null when nothing says.
     */
    arrivalLocation: ArrivalLocation | null;
    /** The countries the buyer chooses from, named in the page's language and sorted as it sorts (its script carries no list of names). */
    countries: CountryLines;
  };
  success: {
    /** The visitor's own transaction; null where there is none to show. */
    transaction: TransactionView | null;
    signedIn: boolean;
    /** The session id the order's events carried when it was sent: this page continues that visit. */
    trackingSessionId: string | null;
    /** The invoice's billing name and address; null without a transaction. */
    billedTo: BilledTo | null;
    /** Where the brand's subscribers start reading (catalogue); null: the brand names none, and no link is shown. */
    readingUrl: string | null;
  };
  'auth-initiate': {
    /** Segments after auth/initiate: the page to return to. */
    returnSegments: string[];
    /** The offer in the visitor's cart, named on the sign-in page. */
    offerName: string | null;
    /** Already signed in: on a campaign that asks everyone to sign in, the way back leads somewhere only then. */
    signedIn: boolean;
    /**
     * The address to prefill: the buyer's, when the page returns to the success page of this
     * browser's own paid order (found by its receipt cookie, never taken from the URL); else null.
     */
    prefillEmail: string | null;
  };
  'auth-complete': SignInLinkView;
  /** Only shown when the return cannot go on (it otherwise redirects): why, and the way back. */
  'amazon-pay-return': { message: string };
}

/** What every journey page has, whatever its step: the campaign, the mode and the shell's config. */
export interface JourneyFrame {
  kind: 'journey';
  /** "/{brand}/{url_slug}" */
  base: string;
  mode: JourneyMode;
  /** The query string to keep when moving between steps ("" or "?source=…"). */
  search: string;
  flow: CheckoutFlow;
  /** Where the page's events go and which consent manager and tag manager it loads. */
  tracking: PublicTrackingEnv;
  /** The consent cookie as the request carried it, so the page renders the banner (or not) as the browser will. */
  consentCookie: string | null;
  /** The page's locale (the campaign's, or one it offers the buyer on a private step), and this step's messages in it. */
  i18n: PageI18n;
  /** On a private step of a campaign that offers other languages (data/market-languages.json): them and the way back. */
  languages?: LanguageChoice;
}

export type StepPage<K extends StepId> = JourneyFrame & { step: K; view: StepViewModels[K] };

/** The journey route's props: a union keyed by step, each with that step's view model. */
export type JourneyPageProps = { [K in StepId]: StepPage<K> }[StepId];

/** A request the journey refuses (a malformed query, a wrong method, a preview link it can no longer show): the page says why. */
export interface RefusedPageProps {
  kind: 'refused';
  status: 400 | 405 | 409 | 410;
  /** What is wrong, worded in the page's language (lib/journey/query.ts, errors.refusal.*). */
  reason: MessageDescriptor;
  /** The words of the campaign or brand asked for, English when neither is known. */
  i18n: PageI18n;
  /** The brand asked for, whose look and offer the page keeps (its query without what was wrong); null when unknown. */
  brand: ErrorBrand | null;
  /** False when the request was in test mode (?livemode=false or the mt_livemode cookie): the page shows the banner; absent when live. */
  livemode?: false;
}

export type JourneyRouteProps = JourneyPageProps | RefusedPageProps;
