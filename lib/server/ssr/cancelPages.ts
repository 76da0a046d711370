import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { parse } from 'cookie';
import type { PageI18n } from '@/lib/i18n/pageI18n';
import type { CancelPageProps, KeepPageProps } from '@/lib/account/cancelView';
import { LIVEMODE_COOKIE, parseLivemode } from '@/lib/journey/query';
import { brandLooks } from '@/lib/server/account/brandLooks';
import { serverContext } from '@/lib/server/context/serverContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';
import { subscriberI18n } from '@/lib/server/i18n/subscriberWords';
import { keptSubscription } from '@/lib/server/subscriptions/publicCancellation';

type Context = Pick<GetServerSidePropsContext, 'req' | 'res' | 'query'>;

/** Test mode as the journey reads it; a malformed ?livemode is live (these pages take no other input worth refusing for it). */
function livemodeOf(context: Context): boolean {
  let cookies: Record<string, string | undefined> = {};
  try {
    cookies = parse(context.req.headers.cookie ?? '');
  } catch {
    // An unreadable cookie header sets no mode.
  }
  const parsed = parseLivemode(context.query.livemode, cookies[LIVEMODE_COOKIE]);
  return parsed.ok ? parsed.value : true;
}

/** Never cached nor indexed; a method other than GET or HEAD gets the page with a 405 (its form posts to the API). */
function personalPage(context: Context): void {
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  refuseUnlessPageMethod(context);
}

/** /cancel: the brands one can cancel, reachable by anyone, signed in or not. */
export async function cancelPageProps(context: Context): Promise<GetServerSidePropsResult<CancelPageProps>> {
  personalPage(context);
  const server = await serverContext();
  const brands = [...brandLooks(await server.catalogue.get()).entries()]
    .map(([slug, look]) => ({ slug, name: look.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const asked = typeof context.query.brand === 'string' ? context.query.brand : null;
  return { props: { brands, livemode: livemodeOf(context), brand: brands.some((brand) => brand.slug === asked) ? asked : null } };
}

/** /cancel/keep?token=…: what the link keeps, without using it (a mail scanner's GET changes nothing). */
export async function keepPageProps(context: Context): Promise<GetServerSidePropsResult<KeepPageProps & { i18n?: PageI18n }>> {
  personalPage(context);
  const livemode = livemodeOf(context);
  const token = typeof context.query.token === 'string' ? context.query.token : '';
  const server = await serverContext();
  try {
    const subscription = await keptSubscription({ db: server.db, now: server.clock }, token);
    const brandName = brandLooks(await server.catalogue.get()).get(subscription.brandSlug)?.name ?? subscription.brandSlug;
    return {
      props: {
        state: 'ready',
        token,
        brandName,
        offerName: subscription.offerName,
        livemode: subscription.livemode,
        i18n: subscriberI18n(subscription),
      },
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    context.res.statusCode = error.status;
    return { props: { state: 'refused', code: error.code, livemode } };
  }
}
