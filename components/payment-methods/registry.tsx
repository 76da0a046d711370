import type { PaymentMethodId } from '@/lib/payments/methods';
import { cardView } from '@/components/payment-methods/stripe/CardMethod';
import type { PaymentMethodView } from './types';
import { amazonPayView } from '@/components/payment-methods/amazonpay/AmazonPayMethod';
import { paypalView } from '@/components/payment-methods/paypal/PayPalMethod';

/**
 * The browser unit of each payment method, keyed by its SPEC constant: a method in
 * lib/payments/methods.ts without one does not compile. The views are light; a method whose
 * provider code is heavy (Stripe.js, PayPal's SDK, Amazon's checkout.js) loads it inside its
 * view, on the payment step only.
 */
export const PAYMENT_METHOD_VIEWS: { [K in PaymentMethodId]: PaymentMethodView<K> } = {
  card: cardView,
  paypal: paypalView,
  'amazon-pay': amazonPayView,
};
