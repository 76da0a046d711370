import type { GetServerSidePropsContext, Redirect } from 'next';
import { parse } from 'cookie';
import { accountSignInHref } from '@/lib/identity/signInPages';
import { LIVEMODE_COOKIE, parseLivemode } from '@/lib/journey/query';
import { serverContext } from '@/lib/server/context/serverContext';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { linkedReader } from '@/lib/server/i18n/subscriberWords';
import { refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';

/** What an account page needs before it loads anything: the server, who is signed in, the mode. */
export type AccountRequest =
  | { kind: 'ready'; server: ServerContext; email: string; livemode: boolean }
  | { kind: 'redirect'; redirect: Redirect }
  | { kind: 'refused'; status: 400 | 405; message: string };

/**
 * The subscriber's pages: only GET and HEAD, never cached or indexed; signed out, to the
 * sign-in page with a way back here, both in the page's mode; test mode (test subscriptions shown too) as the journey
 * reads it, from ?livemode=false or the mt_livemode cookie.
 */
export async function accountRequest(
  context: Pick<GetServerSidePropsContext, 'req' | 'res' | 'query' | 'resolvedUrl'>,
): Promise<AccountRequest> {
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  if (refuseUnlessPageMethod(context)) return { kind: 'refused', status: 405, message: 'This page can only be opened, not sent data.' };
  let cookies: Record<string, string | undefined> = {};
  try {
    cookies = parse(context.req.headers.cookie ?? '');
  } catch {
    // An unreadable cookie header is no mode and no session: the page still opens.
  }
  const livemode = parseLivemode(context.query.livemode, cookies[LIVEMODE_COOKIE]);
  if (!livemode.ok) {
    context.res.statusCode = 400;
    return { kind: 'refused', status: 400, message: livemode.message };
  }
  const server = await serverContext();
  const email = await server.sessions.email(context.req.headers.cookie);
  if (!email) {
    const back = context.resolvedUrl.startsWith('/account') ? context.resolvedUrl : '/account';
    return {
      kind: 'redirect',
      redirect: {
        destination: accountSignInHref({ returnPath: back, livemode: livemode.value, locale: linkedReader(context.query)?.locale }),
        permanent: false,
      },
    };
  }
  return { kind: 'ready', server, email, livemode: livemode.value };
}
