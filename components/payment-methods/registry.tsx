import type { PaymentMethodId } from '@/lib/payments/methods';
import { amazonPayView } from '@/components/payment-methods/amazonpay/AmazonPayMethod';
import { paypalView } from '@/components/payment-methods/paypal/PayPalMethod';
import { cardView } from '@/components/payment-methods/stripe/CardMethod';
import type { PaymentMethodView } from './types';

/**
 * The browser unit of each payment method, one per provider folder. The views are light;
 * a method whose provider code is heavy (Stripe.js, PayPal's SDK, Amazon's checkout.js)
 * loads it inside its view, on the payment step only.
 */
export const PAYMENT_METHOD_VIEWS = [cardView, paypalView, amazonPayView] as const;

/** A method of lib/payments/methods.ts without a view does not compile: this names it. */
type WithoutView = Exclude<PaymentMethodId, (typeof PAYMENT_METHOD_VIEWS)[number]['id']>;
const _everyMethodHasAView: [WithoutView] extends [never] ? true : WithoutView = true;

/** The view of a method, by its SPEC constant. */
export function paymentMethodView<K extends PaymentMethodId>(id: K): PaymentMethodView<K> {
  return PAYMENT_METHOD_VIEWS.find((view) => view.id === id) as unknown as PaymentMethodView<K>;
}

/** The card method's fields for a card kept for renewals (the account's card page), found here as its views are. */
export { KeptCardFields, providerTakesTheCard, type KeptCardHandle } from '@/components/payment-methods/stripe/KeptCardFields';
