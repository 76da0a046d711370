import type { Words } from '@/lib/i18n/words';
import type { PaymentMethodId } from './methods';

/**
 * A payment provider that cannot be reached or fails on its side (no answer, a timeout, a
 * 5xx): the server answers 503 with this code and a Retry-After, and the payment step shows
 * an outage panel instead of a decline. Shared by the server and the browser.
 */
export const PROVIDER_UNAVAILABLE_CODE = 'payment_provider_unavailable';

/** How long we ask the visitor (and any client reading Retry-After) to wait: provider blips usually pass within minutes. */
export const PROVIDER_RETRY_AFTER_SECONDS = 120;

/** The first sentence of the outage panel: "Card payments are unavailable right now." */
export function providerUnavailableHeadline(words: Words, method: PaymentMethodId): string {
  return words.t(`methods.outage.${method}`);
}

/** What to do about it; the other way to pay is offered only when the step has one. */
export function providerUnavailableAdvice(words: Words, otherMethodAvailable: boolean): string {
  return words.t(otherMethodAvailable ? 'methods.outage.adviceOther' : 'methods.outage.advice');
}

/** The whole message, as the server sends it and the panel shows it. */
export function providerUnavailableMessage(words: Words, method: PaymentMethodId, otherMethodAvailable: boolean): string {
  return `${providerUnavailableHeadline(words, method)} ${providerUnavailableAdvice(words, otherMethodAvailable)}`;
}
