import { withoutQueryParams } from '@/lib/journey/navigation';
import type { NextAction } from '@/lib/payments/nextAction';
import type { PaymentMethodConfigs } from '@/lib/payments/methods';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import type { SubscriptionPageProps, SubscriptionSummary } from './accountView';

/** The card a subscriber types to renew a subscription with: the sandbox's fields, or the payment method Stripe Elements made. */
export type NewCard =
  { kind: 'sandbox-card'; number: string; expiry: string; cvc: string } | { kind: 'stripe-payment-method'; paymentMethodId: string };

/** The body of POST /api/account/subscriptions/{id}/card. */
export interface CardChangeRequest {
  /** One per try, made by the browser: the same request sent twice saves the card once. */
  idempotencyKey: string;
  card: NewCard;
}

/**
 * What changing the card answers: saved (the subscription shows the new card), the
 * bank's check to do in the page first (Stripe's 3-D Secure), after which the browser
 * confirms the setup, or declined with the reason in words. A decline is an answer (200),
 * as at checkout, not an error: the request went as it should. `renewalPending`: the
 * past-due renewal could not be charged before the answer (the renewal engine was busy
 * with it, or the provider did not answer); it is charged within minutes.
 */
export type CardChangeResponse =
  | { status: 'saved'; subscription: SubscriptionSummary; renewalPending?: boolean }
  | { status: 'requires_action'; setupId: string; action: NextAction }
  | { status: 'failed'; code: string; message: string };

/**
 * What confirming a renewal the bank held answers: paid (the subscription active again),
 * the bank's check to do first (Stripe's in the page, the sandbox bank's page), or the
 * bank's refusal in words. Like a card change's decline, a refusal is an answer (200).
 */
export type RenewalPaymentResponse =
  | { status: 'paid'; subscription: SubscriptionSummary }
  /** savedCard: Stripe's payment method the renewal was tried with, which the page confirms the payment with again. */
  | { status: 'requires_action'; action: NextAction; savedCard: string | null }
  | { status: 'failed'; code: string; message: string; subscription: SubscriptionSummary };

/** /account/subscriptions/{id}/card: the card form of the mode, or null when no card gateway takes it here. */
export interface CardPageProps extends SubscriptionPageProps {
  card: PaymentMethodConfigs['card'] | null;
  /** The card setup a bank's page (the sandbox's 3-D Secure) sent the visitor back with, to confirm once; null otherwise. */
  returnedSetup: string | null;
  /** Back from the bank's page where the subscriber confirmed a held renewal: the page asks the server how it went, once. */
  returnedFromRenewal: boolean;
  /** The card form's words (components/payment-methods), in English until the account speaks the subscriber's language. */
  i18n: PageI18n;
}

/** The query parameter the bank's page sends the subscriber back to the card page with, after a held renewal's check. */
export const RENEWAL_RETURN_PARAM = 'renewal_payment';

/** Where the bank's page of a held renewal sends the subscriber back to: their card page, which then asks how it went. */
export function renewalPaymentReturn(subscriptionId: string, livemode: boolean): string {
  const cardPage = cardPagePath(subscriptionId, livemode);
  return `${cardPage}${cardPage.includes('?') ? '&' : '?'}${RENEWAL_RETURN_PARAM}=returned`;
}

/** Whether a bank's page returns to a card page after a held renewal's check (which names no setup). */
export function isRenewalPaymentReturn(path: string): boolean {
  return cardPageSubscription(path) !== null && new URLSearchParams(path.split('?')[1] ?? '').has(RENEWAL_RETURN_PARAM);
}

/** The query parameter that names the card setup on the way back from the bank's page. */
export const CARD_SETUP_PARAM = 'card_setup';

const CARD_PAGE = /^\/account\/subscriptions\/(sub_[a-z2-7]{16})\/card(?:\?|$)/;

/** A subscription's card page, in its mode: a test-mode subscription is shown in test mode only. */
export function cardPagePath(subscriptionId: string, livemode: boolean): string {
  return `/account/subscriptions/${subscriptionId}/card${livemode ? '' : '?livemode=false'}`;
}

/** The subscription whose card page a path is; null for any other path. */
export function cardPageSubscription(path: string): string | null {
  return CARD_PAGE.exec(path)?.[1] ?? null;
}

/** The card page's address without what the bank's page returned with: what stays in the history once it is confirmed. */
export function cardPageWithoutSetup(asPath: string): string {
  const [path = '', query = ''] = asPath.split('#')[0]!.split('?');
  return `${path}${withoutQueryParams(query, [CARD_SETUP_PARAM, RENEWAL_RETURN_PARAM])}`;
}

/** The card page a bank's page sends the visitor back to once it has answered, naming the setup to confirm. */
export function cardPageReturn(cardPage: string, setupId: string): string {
  return `${cardPage}${cardPage.includes('?') ? '&' : '?'}${CARD_SETUP_PARAM}=${encodeURIComponent(setupId)}`;
}
