import type { MessageKey } from '@/lib/i18n/messageKey';
import type { PaymentFailureCode } from './paymentErrors';

/**
 * The one wording of a payment failure (messages/<language>/failures.json), one message per
 * failure code and context: what the checkout says, the account beside a past-due renewal, a
 * card change, and a renewal e-mail. Each context is its own message rather than a cut or
 * joined sentence, so that every language can say it whole. A code without its message does
 * not compile.
 */
export const failureAtCheckout = (code: PaymentFailureCode): MessageKey => `failures.${code}.checkout`;

/** A card the provider would not keep for a subscription: why, as at checkout, and that the card stayed. */
export const failureOfCardChange = (code: PaymentFailureCode): MessageKey => `failures.${code}.cardChange`;

/** Why a renewal failed, in its e-mail: the reason alone, or the bank's wish to hear from the subscriber. */
export const failureInMail = (code: PaymentFailureCode, status: 'failed' | 'requires_action'): MessageKey =>
  `failures.${status === 'requires_action' ? 'authentication_required' : code}.mail`;

/** The failures the account names beside a past-due card renewal; any other is said as a decline. */
const PAST_DUE_WORDED = [
  'generic_decline',
  'payment_method_required',
  'authentication_required',
  'authentication_failed',
  'expired_card',
  'insufficient_funds',
] as const satisfies readonly PaymentFailureCode[];

type PastDueWorded = (typeof PAST_DUE_WORDED)[number];

/** Why a card's renewal is past due, as the account says it; a decline when the code says nothing more. */
export function failureWhenPastDue(code: PaymentFailureCode | null): MessageKey {
  const worded: PastDueWorded = code && (PAST_DUE_WORDED as readonly string[]).includes(code) ? (code as PastDueWorded) : 'generic_decline';
  return `failures.${worded}.pastDue`;
}
