import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { Purchase } from '@/lib/server/payments/PaymentGateway';
import type { CreateChargeBody, Price, UpdateCheckoutSessionBody } from './amazonPayTypes';

/**
 * What we tell Amazon Pay about a checkout: the button's createCheckoutSession payload, and
 * the payment details set once the buyer is back from Amazon's review page; and about a
 * renewal's charge.
 */

/** Minor units to Amazon's decimal string: 2500 → "25.00". Every currency we sell in has two decimals. */
export function amazonPayPrice(minor: number, currencyCode: CurrencyCode): Price {
  const cents = Math.round(minor); // a percentage discount can leave a fraction of a cent
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount Amazon Pay can take: ${minor}`);
  return { amount: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`, currencyCode };
}

/**
 * The button's productType (an option of amazon.Pay.renderButton, not of the payload):
 * PayOnly, so Amazon asks for no shipping address. The payload carries no addressDetails or
 * deliverySpecifications to match.
 */
export const AMAZON_PAY_PRODUCT_TYPE = 'PayOnly';

export type ReturnStage = 'review' | 'result';

/**
 * The absolute address of the payment step's Amazon Pay return page: the step's path
 * "/{brand}/{slug}/credit-card?query" becomes "/{brand}/{slug}/credit-card/amazon-pay?query&attempt=…&stage=…"
 * on our origin. Only a path on our own origin is accepted: the result is where Amazon sends the buyer.
 */
export function amazonPayReturnUrl(origin: string, returnPath: string, transactionId: string, stage: ReturnStage): string {
  if (!returnPath.startsWith('/') || returnPath.startsWith('//'))
    throw new Error(`the payment step's return path must be a path on this site: ${returnPath}`);
  const site = new URL(origin);
  const url = new URL(returnPath, site.origin);
  if (url.origin !== site.origin || !/\/credit-card\/?$/.test(url.pathname)) throw new Error(`not a payment step path: ${returnPath}`);
  url.pathname = url.pathname.replace(/\/credit-card\/?$/, '/credit-card/amazon-pay');
  url.searchParams.set('attempt', transactionId);
  url.searchParams.set('stage', stage);
  url.hash = '';
  return url.toString();
}

export interface CheckoutSessionPayload {
  webCheckoutDetails: { checkoutReviewReturnUrl: string };
  storeId: string;
  /** The buyer details we ask for; no shipping address (the button's productType is PayOnly). */
  scopes: ['name', 'email'];
  chargePermissionType: 'OneTime' | 'Recurring';
  recurringMetadata?: { frequency: { unit: 'Month' | 'Year'; value: '1' }; amount: Price };
  merchantMetadata: { merchantReferenceId: string };
}

export interface PayloadInput {
  storeId: string;
  reviewReturnUrl: string;
  transactionId: string;
  currencyCode: CurrencyCode;
  purchase: Purchase;
}

/**
 * The createCheckoutSession payload the button sends to Amazon. An offer that renews asks
 * for a recurring charge permission, so that Amazon shows the buyer what renews and when,
 * and lets us charge the renewals; recurringMetadata only informs the buyer and the
 * permission's expiry, we still charge each renewal ourselves.
 */
export function checkoutSessionPayload(input: PayloadInput): CheckoutSessionPayload {
  const base = {
    webCheckoutDetails: { checkoutReviewReturnUrl: input.reviewReturnUrl },
    storeId: input.storeId,
    scopes: ['name', 'email'] as ['name', 'email'],
  };
  const merchantMetadata = { merchantReferenceId: input.transactionId };
  const renewal = input.purchase.renewal;
  if (!renewal) return { ...base, chargePermissionType: 'OneTime', merchantMetadata };
  return {
    ...base,
    chargePermissionType: 'Recurring',
    recurringMetadata: {
      frequency: { unit: renewal.interval === 'year' ? 'Year' : 'Month', value: '1' },
      amount: amazonPayPrice(renewal.amount, input.currencyCode),
    },
    merchantMetadata,
  };
}

/** The amount of an attempt as Amazon must see it at update and at complete (the two must match). */
export function chargeAmountFor(amount: number, currencyCode: CurrencyCode, purchase: Purchase): Price {
  // A free trial is set up with paymentIntent Confirm: nothing is authorised or taken, but
  // Amazon still wants a chargeAmount, and the maintained integrations (WooCommerce's
  // Amazon Pay gateway, recurring_checkout_session_update) give it the renewal amount.
  if (amount === 0 && purchase.renewal) return amazonPayPrice(purchase.renewal.amount, currencyCode);
  return amazonPayPrice(amount, currencyCode);
}

/**
 * Update Checkout Session: where Amazon sends the buyer once it has processed the payment,
 * what to process, and our references. Today's amount is authorised and captured at once
 * (no pending authorisations: the buyer learns the outcome before leaving Amazon). A free
 * trial of a recurring offer takes nothing today: paymentIntent Confirm only creates the
 * recurring charge permission, and canHandlePendingAuthorization does not apply to it.
 */
export function updateCheckoutSessionBody(input: {
  resultReturnUrl: string;
  amount: number;
  currencyCode: CurrencyCode;
  purchase: Purchase;
  merchantMetadata: UpdateCheckoutSessionBody['merchantMetadata'];
}): UpdateCheckoutSessionBody {
  const chargeAmount = chargeAmountFor(input.amount, input.currencyCode, input.purchase);
  const paymentDetails: UpdateCheckoutSessionBody['paymentDetails'] =
    input.amount === 0 && input.purchase.renewal
      ? { paymentIntent: 'Confirm', chargeAmount }
      : { paymentIntent: 'AuthorizeWithCapture', canHandlePendingAuthorization: false, chargeAmount };
  return {
    webCheckoutDetails: { checkoutResultReturnUrl: input.resultReturnUrl },
    paymentDetails,
    merchantMetadata: input.merchantMetadata,
  };
}

/**
 * The checkout session id written into merchantMetadata.customInformation (never shown to
 * the buyer). Amazon copies the session's merchant metadata to the charge permission, and a
 * notification about a Charge reaches the session only that way: neither the Charge nor the
 * Charge Permission names the session that made it.
 */
export const sessionMarker = (checkoutSessionId: string): string => `checkoutSessionId=${checkoutSessionId}`;

export function sessionIdFromMarker(customInformation: string | null | undefined): string | null {
  const match = /(?:^|;)checkoutSessionId=([A-Za-z0-9-]{1,100})(?:;|$)/.exec(customInformation ?? '');
  return match?.[1] ?? null;
}

/** Amazon's longest merchantMetadata.noteToBuyer. */
const NOTE_TO_BUYER_MAX = 255;

/**
 * Create Charge for a renewal, on the recurring charge permission the checkout made: the
 * period's amount, captured at once, with no pending authorisation (Amazon answers with the
 * outcome). Our transaction is the charge's merchantReferenceId and the description its note
 * to the buyer. No softDescriptor: Amazon's is at most 16 characters, and its default names
 * the store.
 */
export function renewalChargeBody(input: {
  chargePermissionId: string;
  amount: number;
  currencyCode: CurrencyCode;
  transactionId: string;
  description: string;
}): CreateChargeBody {
  return {
    chargePermissionId: input.chargePermissionId,
    chargeAmount: amazonPayPrice(input.amount, input.currencyCode),
    captureNow: true,
    canHandlePendingAuthorization: false,
    merchantMetadata: { merchantReferenceId: input.transactionId, noteToBuyer: input.description.slice(0, NOTE_TO_BUYER_MAX) },
  };
}
