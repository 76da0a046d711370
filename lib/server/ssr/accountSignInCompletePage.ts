import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { accountReturnPath } from '@/lib/identity/safeReturn';
import { SIGN_IN_SECRET } from '@/lib/identity/signInLinks';
import { ACCOUNT_SIGN_IN_COMPLETE_PATH, type AccountSignInCompletePageProps } from '@/lib/identity/signInPages';
import { searchOf } from '@/lib/journey/navigation';
import { serverContext } from '@/lib/server/context/serverContext';
import { openSignInLink, signInLinkStatus } from '@/lib/server/identity/signInWithLink';
import { PERSONAL_CACHE_CONTROL } from '@/lib/server/http/pageCaching';
import { accountPageLivemode } from './accountPageLivemode';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';

/**
 * /account/sign-in/complete?token=…: the account's sign-in link. In the browser that asked
 * for it, signs in and returns to the account page it was asked from; elsewhere (and on a
 * HEAD) asks to confirm the address; otherwise says why not (400 invalid, 410 expired or used).
 * A test-mode link (?livemode=false) keeps its page in test mode: the banner, the way to a
 * new link, and the page the Confirm button comes back to should the link fail.
 */
export async function getServerSideProps(
  context: GetServerSidePropsContext,
): Promise<GetServerSidePropsResult<AccountSignInCompletePageProps>> {
  context.res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  if (refuseUnlessPageMethod(context)) return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };
  const query = new URLSearchParams(searchOf(context.resolvedUrl));
  const token = query.get('token');
  const livemode = accountPageLivemode(context.req, query);
  const outcome = await openSignInLink(context.req, context.res, await serverContext(), token, accountReturnPath);
  if (outcome.kind === 'redirect') return { redirect: { destination: outcome.destination, permanent: false } };
  context.res.statusCode = signInLinkStatus(outcome);
  // The page posts back only a token of the right shape, and itself with only its mode and
  // that token (the visitor's other parameters are not needed).
  const kept = token && SIGN_IN_SECRET.test(token) ? token : '';
  return {
    props: {
      kind: 'account-sign-in-complete',
      view: outcome.kind === 'confirm' ? { authError: null, confirmEmail: outcome.email } : { authError: outcome.reason },
      token: kept,
      page: `${ACCOUNT_SIGN_IN_COMPLETE_PATH}?${livemode ? '' : 'livemode=false&'}token=${kept}`,
      livemode,
    },
  };
}
