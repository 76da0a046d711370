import { PAYMENT_METHODS, type PaymentMethodId } from './methods';

/**
 * A payment provider that cannot be reached or fails on its side (no answer, a timeout, a
 * 5xx): the server answers 503 with this code and a Retry-After, and the payment step shows
 * an outage panel instead of a decline. Shared by the server and the browser.
 */
export const PROVIDER_UNAVAILABLE_CODE = 'payment_provider_unavailable';

/** How long we ask the visitor (and any client reading Retry-After) to wait: provider blips usually pass within minutes. */
export const PROVIDER_RETRY_AFTER_SECONDS = 120;

/** The method as the subject of a sentence, with its verb ("PayPal is", not "PayPal are"), as its declaration words it. */
const unavailableSubject = (method: PaymentMethodId): string | undefined => PAYMENT_METHODS.find(({ id }) => id === method)?.outageSubject;

/** The first sentence of the outage panel: "Card payments are unavailable right now." */
export function providerUnavailableHeadline(method: PaymentMethodId): string {
  return `${unavailableSubject(method)} unavailable right now.`;
}

/** What to do about it; the other way to pay is offered only when the step has one. */
export function providerUnavailableAdvice(otherMethodAvailable: boolean): string {
  return `Nothing was charged. Try again in a few minutes${otherMethodAvailable ? ', or pay with another method' : ''}.`;
}

/** The whole message, as the server sends it and the panel shows it. */
export function providerUnavailableMessage(method: PaymentMethodId, otherMethodAvailable: boolean): string {
  return `${providerUnavailableHeadline(method)} ${providerUnavailableAdvice(otherMethodAvailable)}`;
}
