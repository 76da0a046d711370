import type { MessageKey } from '@/lib/i18n/messageKey';

/** Why a sign-in link did not sign anyone in: unknown or malformed, past its 15 minutes, or used already. */
export type SignInLinkProblem = 'invalid' | 'expired' | 'used';

/**
 * What a sign-in link's page shows when it did not sign the visitor in at once: why the link
 * cannot be used, or (opened in another browser than the one that asked for it) the address
 * it is for and a Confirm button, which posts `token` and `page` to CONFIRM_SIGN_IN_PATH.
 */
export type SignInLinkView = { authError: SignInLinkProblem } | { authError: null; confirmEmail: string };

/** Where the Confirm button posts (an HTML form: no script needed). */
export const CONFIRM_SIGN_IN_PATH = '/api/identity/sign-in';

/** Sign-in links' tokens and the browser nonce: 256 random bits, base64url. */
export const SIGN_IN_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** What a link's page says when the link cannot be used. */
export const SIGN_IN_LINK_MESSAGES: Record<SignInLinkProblem, MessageKey> = {
  expired: 'account.signInLink.problem.expired',
  used: 'account.signInLink.problem.used',
  invalid: 'account.signInLink.problem.invalid',
};
