import type { PageI18n } from '@/lib/i18n/pageI18n';
import { subscriberI18n } from '@/lib/server/i18n/subscriberWords';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import type { UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';
import { parseLivemode } from '@/lib/journey/query';
import { serverContext } from '@/lib/server/context/serverContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';
import { lookUpUndo } from './undoPurchase';

type Context = Pick<GetServerSidePropsContext, 'req' | 'res' | 'query'>;

/**
 * /undo-purchase?token=…: what the link undoes, or that it was undone and when, without
 * using it (a mail scanner's GET changes nothing; the page's one button posts). Never cached
 * nor indexed, and no referrer carries the token away. An unknown link is a 404 page with
 * its refusal's code (worded by the page), an expired one a 410; a method other than GET or
 * HEAD gets the page with a 405.
 */
export async function undoPageProps(context: Context): Promise<GetServerSidePropsResult<UndoPurchasePageProps & { i18n?: PageI18n }>> {
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  refuseUnlessPageMethod(context);
  const asked = parseLivemode(context.query.livemode, undefined);
  const livemodeAsked = asked.ok ? asked.value : true;
  const token = typeof context.query.token === 'string' ? context.query.token : '';
  const server = await serverContext();
  try {
    const found = await lookUpUndo({ db: server.db, now: server.clock }, token);
    // The purchase's own mode, whatever the address says: a test purchase's page is marked Test.
    const { livemode } = found;
    const i18n = subscriberI18n(found.reader);
    return found.state === 'ready'
      ? { props: { state: 'ready', token, livemode, ...found.facts, i18n } }
      : { props: { state: 'undone', undoneAt: found.undoneAt, livemode, ...found.facts, i18n } };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (context.res.statusCode !== 405) context.res.statusCode = error.status;
    return { props: { state: 'refused', code: error.code, livemode: livemodeAsked } };
  }
}
