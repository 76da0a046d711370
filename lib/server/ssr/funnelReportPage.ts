import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { serverEnv } from '../../config/serverEnv';
import { appDb } from '../db/appDb';
import { catalogueSnapshot } from '../catalogue/catalogueService';
import { expectedEventSchemas } from '../events/funnelSchemas';
import { parseFunnelFilter } from '../reports/funnelFilter';
import { loadFunnelReport, type FunnelReportView } from '../reports/funnelReportService';
import { REPORT_REALM, reportAccess } from '../reports/reportAccess';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';

export type FunnelReportPageProps =
  | ({ kind: 'report' } & FunnelReportView)
  | { kind: 'refused'; status: 400 | 401 | 405 | 503; message: string };

const UNAUTHORIZED_MESSAGE = 'This report is for the marketing team. Sign in with the report password (any user name) to see it.';
const DISABLED_MESSAGE = 'The funnel report is switched off on this server: ADMIN_TOKEN is not set. Ask an operator to set it to turn the report on.';

function refuse(context: GetServerSidePropsContext, status: 400 | 401 | 405 | 503, message: string): GetServerSidePropsResult<FunnelReportPageProps> {
  context.res.statusCode = status;
  return { props: { kind: 'refused', status, message } };
}

/**
 * Loads the marketers' funnel report (/admin/funnel). Only GET and HEAD; then access
 * (HTTP Basic with ADMIN_TOKEN as the password, as a browser can send it), then the
 * filter from the query, so that nobody learns anything about the data without the
 * password. A refused request is a page that says why, with the matching status.
 */
export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<FunnelReportPageProps>> {
  // Business figures: no shared cache may keep them, no search engine may list the page.
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  if (refuseUnlessPageMethod(context)) return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };

  const access = reportAccess(context.req.headers.authorization, serverEnv().ADMIN_TOKEN);
  if (access === 'disabled') return refuse(context, 503, DISABLED_MESSAGE);
  if (access === 'unauthorized') {
    context.res.setHeader('WWW-Authenticate', `Basic realm="${REPORT_REALM}"`);
    return refuse(context, 401, UNAUTHORIZED_MESSAGE);
  }

  const filter = parseFunnelFilter(context.query, new Date());
  if (!filter.ok) return refuse(context, 400, filter.message);

  const [db, catalogue] = await Promise.all([appDb(), catalogueSnapshot()]);
  const view = await loadFunnelReport(filter.value, { db, catalogue, expectedSchemas: expectedEventSchemas() });
  return { props: { kind: 'report', ...view } };
}
