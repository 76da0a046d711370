import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { serverContext } from '@/lib/server/context/serverContext';
import { expectedEventSchemas } from '@/lib/server/tracking/schemas/funnelSchemas';
import { parseFunnelFilter } from '@/lib/reports/funnelFilter';
import { loadFunnelReport } from '@/lib/server/reports/funnelReportService';
import type { FunnelReportPageProps, RefusedStatus } from '@/lib/reports/funnelReportView';
import { REPORT_REALM, reportAccess } from '@/lib/server/reports/reportAccess';
import { waitInWords } from '@/lib/server/http/secretAttempts';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';

const UNAUTHORIZED_MESSAGE = 'This report is for the marketing team. Sign in with the report password (any user name) to see it.';
const DISABLED_MESSAGE =
  'The funnel report is switched off on this server: REPORT_PASSWORD is not set. Ask an operator to set it to turn the report on.';
const throttledMessage = (retryAfterSeconds: number) =>
  `Too many wrong passwords came from your network. Please wait ${waitInWords(retryAfterSeconds)}, then try again with the report password.`;

function refuse(
  context: GetServerSidePropsContext,
  status: RefusedStatus,
  message: string,
): GetServerSidePropsResult<FunnelReportPageProps> {
  context.res.statusCode = status;
  return { props: { kind: 'refused', status, message } };
}

/**
 * Loads the marketers' funnel report (/admin/funnel). Only GET and HEAD; then access
 * (HTTP Basic with REPORT_PASSWORD as the password, as a browser can send it; wrong
 * passwords limited per client, 429 beyond), then the filter from the query, so that
 * nobody learns anything about the data without the password. A refused request is a
 * page that says why, with the matching status.
 */
export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<FunnelReportPageProps>> {
  // Business figures: no shared cache may keep them, no search engine may list the page.
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  if (refuseUnlessPageMethod(context)) return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };

  const server = await serverContext();
  const access = await reportAccess(server.db, context.req, server.config);
  if (access.kind === 'disabled') return refuse(context, 503, DISABLED_MESSAGE);
  if (access.kind === 'throttled') {
    context.res.setHeader('Retry-After', String(access.retryAfterSeconds));
    return refuse(context, 429, throttledMessage(access.retryAfterSeconds));
  }
  if (access.kind === 'unauthorized') {
    context.res.setHeader('WWW-Authenticate', `Basic realm="${REPORT_REALM}"`);
    return refuse(context, 401, UNAUTHORIZED_MESSAGE);
  }

  const filter = parseFunnelFilter(context.query, server.clock());
  if (!filter.ok) return refuse(context, 400, filter.message);

  const view = await loadFunnelReport(filter.value, {
    db: server.db,
    trackingDb: server.trackingDb,
    catalogue: await server.catalogue.get(),
    expectedSchemas: expectedEventSchemas(),
  });
  return { props: { kind: 'report', ...view } };
}
