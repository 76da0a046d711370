import { isApiError } from '@/lib/api/apiErrors';
import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { isPaymentFailureCode } from '@/lib/payments/paymentErrors';
import { failureAtCheckout, failureOfCardChange } from '@/lib/payments/failureWording';
import { failureMessage, SIGNED_IN_FAILURES, type FailureMessages } from './apiFailure';

/** POST /api/account/subscriptions/{id}/card and …/card/confirm (lib/server/account/cardChangeActions.ts). */
const CARD_CHANGE: FailureMessages = {
  ...SIGNED_IN_FAILURES,
  not_card: 'billing.card.error.not_card',
  subscription_ended: 'billing.card.error.subscription_ended',
  card_expired: 'billing.card.error.card_expired',
  payment_method_mismatch: 'billing.card.error.payment_method_mismatch',
  payments_unavailable: 'billing.card.error.payments_unavailable',
  setup_not_found: 'billing.card.error.setup_not_found',
  authentication_required: 'billing.card.error.authentication_required',
};

/** POST /api/account/subscriptions/{id}/renewal-payment (lib/server/account/renewalPaymentActions.ts). */
const HELD_RENEWAL: FailureMessages = {
  ...SIGNED_IN_FAILURES,
  no_held_payment: 'cancel.held.error.no_held_payment',
};

/** A card the bank or the provider declined (a `failed` answer's code): the card change's wording of that failure. */
export function cardDeclined(code: string): MessageDescriptor {
  return { id: isPaymentFailureCode(code) ? failureOfCardChange(code) : 'billing.card.error.fallback' };
}

/** A card change that failed: the route's refusal by its code, a decline (402) as declines are said, else the generic words. */
export function cardChangeFailure(failure: unknown): MessageDescriptor {
  if (isApiError(failure) && !Object.hasOwn(CARD_CHANGE, failure.code) && isPaymentFailureCode(failure.code))
    return cardDeclined(failure.code);
  return failureMessage(failure, CARD_CHANGE, 'billing.card.error.fallback');
}

/** A held renewal the bank refused (a `failed` answer's code), said as the server says it at checkout. */
export function renewalDeclined(code: string): MessageDescriptor {
  return { id: isPaymentFailureCode(code) ? failureAtCheckout(code) : 'cancel.held.error.fallback' };
}

/** Confirming a held renewal failed: the route's refusal by its code, else the generic words. */
export function heldRenewalFailure(failure: unknown): MessageDescriptor {
  return failureMessage(failure, HELD_RENEWAL, 'cancel.held.error.fallback');
}
