import { isApiError } from '@/lib/api/apiErrors';
import type { MessageDescriptor, MessageKey } from '@/lib/i18n/messageKey';

/** The message of each code a call's route can answer with; `network` when nothing answered. */
export type FailureMessages = Readonly<Record<string, MessageKey>>;

/**
 * What any call of the subscriber's pages can meet, whatever it asks: no answer, the
 * server's own trouble, a payment provider that is down (resuming, changing a card).
 */
export const SERVER_FAILURES: FailureMessages = {
  network: 'account.call.network',
  service_unavailable: 'account.call.service_unavailable',
  internal_error: 'account.call.internal_error',
  payment_provider_unavailable: 'account.call.payment_provider_unavailable',
};

/** What a signed-in subscriber's call about one subscription can meet besides. */
export const SIGNED_IN_FAILURES: FailureMessages = {
  ...SERVER_FAILURES,
  sign_in_required: 'account.call.sign_in_required',
  subscription_not_found: 'account.call.subscription_not_found',
};

/**
 * What a failed call says to the subscriber, worded at the edge by the server's code: the
 * server's `message` is English, and a page in another language never shows it. A code the
 * page does not know (or a failure that is no answer at all) gets the call's generic words.
 */
export function failureMessage(failure: unknown, messages: FailureMessages, fallback: MessageKey): MessageDescriptor {
  return codeMessage(failureCode(failure), messages, fallback);
}

/** The code of a failed call (lib/api/apiErrors: `network` when nothing answered), or null for a failure that is not an answer of ours. */
export const failureCode = (failure: unknown): string | null => (isApiError(failure) ? failure.code : null);

/** The words of a server's code that a page was given rather than thrown (a link the page's loader refused). */
export function codeMessage(code: string | null, messages: FailureMessages, fallback: MessageKey): MessageDescriptor {
  return { id: code !== null && Object.hasOwn(messages, code) ? messages[code]! : fallback };
}
