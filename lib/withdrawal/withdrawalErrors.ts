import type { MessageKey } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import { LIMITS_PATH } from '@/lib/operators/operatorPaths';
import { codeMessage, type FailureMessages } from '@/lib/account/apiFailure';
import { UNDO_VALID_DAYS } from '@/lib/account/undoPurchaseView';
import { OBJECTION_WINDOW_DAYS } from './withdrawalPolicy';

/** The calls of the withdrawal's and the undo's pages: each has its own words for no answer and for an unknown one. */
export type WithdrawalCall = 'declaration' | 'account' | 'answer' | 'undo';

/** What a code means wherever it is answered (the server's English, copied into the English catalogue). */
const SHARED: Readonly<Record<string, MessageKey>> = {
  cross_site_request: 'withdraw.error.cross_site_request',
  service_unavailable: 'withdraw.error.service_unavailable',
  internal_error: 'withdraw.error.internal_error',
  public_origin_missing: 'withdraw.error.public_origin_missing',
};

/** The codes each call can answer with, beyond the shared ones; transport refusals our client never causes fall back. */
const BY_CALL: Readonly<Record<WithdrawalCall, Readonly<Record<string, MessageKey>>>> = {
  declaration: {
    network: 'withdraw.error.declaration.unreachable',
    too_many_requests: 'withdraw.error.declaration.too_many_requests',
    invalid_body: 'withdraw.error.declaration.invalid_body',
  },
  account: {
    network: 'withdraw.error.account.unreachable',
    sign_in_required: 'withdraw.error.sign_in_required',
    subscription_not_found: 'withdraw.error.subscription_not_found',
    withdrawal_not_purchase: 'withdraw.ineligible.not_purchase',
    withdrawal_outside_eu_uk: 'withdraw.ineligible.outside_eu_uk',
    withdrawal_too_late: 'withdraw.ineligible.too_late',
    withdrawal_refunded: 'withdraw.ineligible.refunded',
    withdrawal_withdrawn: 'withdraw.ineligible.withdrawn',
    withdrawal_ended: 'withdraw.ineligible.ended',
    withdrawal_objected: 'withdraw.error.withdrawal_objected',
  },
  answer: {
    network: 'withdraw.error.answer.unreachable',
    withdrawal_link_invalid: 'withdraw.error.withdrawal_link_invalid',
    withdrawal_link_expired: 'withdraw.error.withdrawal_link_expired',
    withdrawal_link_used: 'withdraw.error.withdrawal_link_used',
    withdrawal_ended: 'withdraw.ineligible.ended',
    withdrawal_objected: 'withdraw.error.withdrawal_objected',
  },
  undo: {
    network: 'withdraw.error.undo.unreachable',
    too_many_requests: 'withdraw.error.undo.too_many_requests',
    undo_link_invalid: 'withdraw.error.undo_link_invalid',
    undo_link_expired: 'withdraw.error.undo_link_expired',
    undo_refund_refused: 'withdraw.error.undo_refund_refused',
    refund_provider_unavailable: 'withdraw.error.refund_provider_unavailable',
  },
};

const FALLBACK: Readonly<Record<WithdrawalCall, MessageKey>> = {
  declaration: 'withdraw.error.declaration.fallback',
  account: 'withdraw.error.account.fallback',
  answer: 'withdraw.error.answer.fallback',
  undo: 'withdraw.error.undo.fallback',
};

/** Each call's codes, its own before the shared ones. */
const WORDED = Object.fromEntries(Object.entries(BY_CALL).map(([call, codes]) => [call, { ...SHARED, ...codes }])) as Readonly<
  Record<WithdrawalCall, FailureMessages>
>;

/**
 * A refusal or failure of one of these calls in the page's words, by its code: never the
 * server's English message, which a German or French reader would get. A code the call is
 * not known to answer gets the call's own fallback. `livemode` says whether a limit's
 * refusal tells QA how to lift it (test mode only, as the server does).
 */
export function withdrawalErrorText(words: Words, call: WithdrawalCall, code: string | null, livemode = true): string {
  return words.t(codeMessage(code, WORDED[call], FALLBACK[call]).id, {
    days: call === 'undo' ? UNDO_VALID_DAYS : OBJECTION_WINDOW_DAYS,
    mode: livemode ? 'live' : 'test',
    path: LIMITS_PATH,
  });
}
