import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { externalAccountSignInUrl } from '@/lib/identity/externalSignIn';
import { accountReturnPath } from '@/lib/identity/safeReturn';
import { inTestMode, type AccountSignInPageProps } from '@/lib/identity/signInPages';
import { searchOf } from '@/lib/journey/navigation';
import { serverContext } from '@/lib/server/context/serverContext';
import { PERSONAL_CACHE_CONTROL } from '@/lib/server/http/pageCaching';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { accountPageLivemode } from './accountPageLivemode';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';

/** An address to prefill: what the visitor's link carried, if it could be one (the form checks it when sent). */
function prefill(value: string | null): string {
  const email = value?.trim() ?? '';
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : '';
}

/**
 * /account/sign-in: a visitor signed in already goes straight back to the account page asked
 * for (?return=, /account or below); with an external identity service, to its sign-in page;
 * anyone else asks for a link here. In test mode the page says so and the way back keeps it.
 * Never kept by a cache.
 */
export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<AccountSignInPageProps>> {
  context.res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  if (refuseUnlessPageMethod(context)) return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };
  const query = new URLSearchParams(searchOf(context.resolvedUrl));
  const livemode = accountPageLivemode(context.req, query);
  const returnPath = inTestMode(accountReturnPath(query.get('return')), livemode);
  const server = await serverContext();
  const env = server.config;
  if (env.IDENTITY_SIGN_IN_URL) {
    return {
      redirect: {
        destination: externalAccountSignInUrl(env.IDENTITY_SIGN_IN_URL, publicOrigin(env, context.req), returnPath),
        permanent: false,
      },
    };
  }
  if ((await server.sessions.email(context.req.headers.cookie)) !== null)
    return { redirect: { destination: returnPath, permanent: false } };
  return { props: { kind: 'account-sign-in', email: prefill(query.get('email')), returnPath, livemode } };
}
