import type { MessageKey, MessageValues } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import { codeMessage } from './apiFailure';

/** The calls of the account's pages whose refusals are worded here, each by the codes its route answers with. */
export type AccountCall = 'resume' | 'clock' | 'signOut' | 'signInLink';

/** Codes any signed-in account call can meet, besides its own. */
const SHARED: Readonly<Record<string, MessageKey>> = {
  network: 'account.error.network',
  service_unavailable: 'account.error.service_unavailable',
};

const SIGNED_IN: Readonly<Record<string, MessageKey>> = {
  ...SHARED,
  sign_in_required: 'account.error.sign_in_required',
  subscription_not_found: 'account.error.subscription_not_found',
};

const WORDED: Readonly<Record<AccountCall, { codes: Readonly<Record<string, MessageKey>>; fallback: MessageKey }>> = {
  resume: {
    codes: {
      ...SIGNED_IN,
      subscription_ended: 'account.error.resume.subscription_ended',
      provider_refused_resume: 'account.error.resume.provider_refused_resume',
      // PayPal's subscription is started again at PayPal, which may be down.
      payment_provider_unavailable: 'account.call.payment_provider_unavailable',
    },
    fallback: 'account.error.resume.fallback',
  },
  clock: {
    codes: {
      ...SIGNED_IN,
      nothing_scheduled: 'account.error.clock.nothing_scheduled',
      clock_not_movable: 'account.error.clock.clock_not_movable',
    },
    fallback: 'account.error.clock.fallback',
  },
  signOut: {
    codes: { ...SHARED, sign_out_external: 'account.error.signOut.sign_out_external' },
    fallback: 'account.error.signOut.fallback',
  },
  signInLink: {
    codes: {
      ...SHARED,
      email_missing: 'account.error.signInLink.email_missing',
      // The only field a visitor types is the address: the route's 400 is always about it.
      invalid_body: 'account.error.signInLink.invalid_body',
      too_many_requests: 'account.error.signInLink.too_many_requests',
      campaign_not_found: 'account.error.signInLink.campaign_not_found',
      sign_in_external: 'account.error.signInLink.sign_in_external',
    },
    fallback: 'account.error.signInLink.fallback',
  },
};

/**
 * What the reader is told when a call of the account's pages failed: worded here by the
 * answer's code, in the page's language, never the server's English message; a code the
 * call does not expect is its one generic sentence. `values` fill what a message names (the
 * provider that refused, why the clock has nothing to move to).
 */
export function accountErrorText(words: Words, call: AccountCall, code: string | null, values?: MessageValues): string {
  const { codes, fallback } = WORDED[call];
  return words.t(codeMessage(code, codes, fallback).id, values);
}
