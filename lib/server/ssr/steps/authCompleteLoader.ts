import { safeReturnPath } from '@/lib/identity/safeReturn';
import { openSignInLink, signInLinkStatus } from '@/lib/server/identity/signInWithLink';
import type { StepLoader } from '@/lib/server/ssr/stepLoader';

/**
 * auth/complete: in the browser that asked for the link, signs in and returns to the page of
 * this campaign it was asked from; elsewhere (and on a HEAD) asks to confirm the address;
 * otherwise says why not (400 invalid, 410 expired or used). Only a GET with the nonce, or
 * the Confirm button's POST, uses a link.
 */
export const loadAuthComplete: StepLoader<'auth-complete'> = async (context) => {
  const token = new URLSearchParams(context.search).get('token');
  const outcome = await openSignInLink(context.req, context.res, context.server, token, (path) => safeReturnPath(context.base, path));
  if (outcome.kind === 'redirect') return { redirect: outcome.destination };
  context.res.statusCode = signInLinkStatus(outcome);
  return { view: outcome.kind === 'confirm' ? { authError: null, confirmEmail: outcome.email } : { authError: outcome.reason } };
};
