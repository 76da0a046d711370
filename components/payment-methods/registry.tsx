import type { Words } from '@/lib/i18n/words';
import type { EnabledPaymentMethod, PaymentMethodId } from '@/lib/payments/methods';
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

/** The step's submit label with the chosen method, in the page's words; null: the method brings its own button. */
export function methodSubmitLabel(method: EnabledPaymentMethod | null, stepLabel: string, words: Words): string | null {
  if (!method) return stepLabel;
  // Each entry's view takes that entry's config: the registry is keyed by the same id.
  return (paymentMethodView(method.id) as PaymentMethodView<PaymentMethodId>).submitLabel(method.config as never, stepLabel, words);
}

/** The card method's fields for a card kept for renewals (the account's card page), found here as its views are. */
export { KeptCardFields, providerTakesTheCard, type KeptCardHandle } from '@/components/payment-methods/stripe/KeptCardFields';
