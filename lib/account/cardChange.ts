import type { NextAction } from '@/lib/payments/nextAction';
import type { CardConfig } from '@/lib/payments/stripe/cardDeclaration';
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
 * as at checkout, not an error: the request went as it should.
 */
export type CardChangeResponse =
  | { status: 'saved'; subscription: SubscriptionSummary }
  | { status: 'requires_action'; setupId: string; action: NextAction }
  | { status: 'failed'; code: string; message: string };

/** /account/subscriptions/{id}/card: the card form of the mode, or null when no card gateway takes it here. */
export interface CardPageProps extends SubscriptionPageProps {
  card: CardConfig | null;
}
