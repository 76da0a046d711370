import type { ComponentType } from 'react';
import type { PaymentMethodId } from '@/lib/payments/methods';
import CardMethod from './card/CardMethod';
import type { PaymentMethodViewProps } from './types';

/**
 * The browser view of each payment method, keyed by its SPEC constant: a method in
 * lib/payments/methods.ts without a view does not compile. The card's own view is light;
 * a method whose provider code is heavy loads it inside its view, on the payment step only.
 */
export const PAYMENT_METHOD_VIEWS: { [K in PaymentMethodId]: ComponentType<PaymentMethodViewProps<K>> } = {
  card: CardMethod,
};
