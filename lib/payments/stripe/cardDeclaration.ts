import { declarePaymentMethod } from '@/lib/payments/paymentMethodDeclaration';
import { RENEWED_BY_US } from '@/lib/payments/renewalDeclaration';

/** The card view's config: Stripe's publishable key of the visitor's mode, or the embedded sandbox. */
export type CardConfig = { gateway: 'sandbox' } | { gateway: 'stripe'; publishableKey: string };

/** The card ("card" in SPEC §3): Stripe Elements, with the embedded sandbox standing in when Stripe has no keys. */
export const cardDeclaration = declarePaymentMethod<CardConfig>()({
  id: 'card',
  label: 'Card',
  wallet: false,
  // Renewed on our schedule, a new card given on our card page.
  renewal: RENEWED_BY_US,
});
