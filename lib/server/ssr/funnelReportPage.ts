import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { serverContext } from '@/lib/server/context/serverContext';
import { parseFunnelFilter } from '@/lib/reports/funnelFilter';
import { funnelReportSources, loadFunnelReport } from '@/lib/server/reports/funnelReportService';
import type { FunnelReportPageProps, RefusedStatus } from '@/lib/reports/funnelReportView';
import { operatorPageAccess } from '@/lib/server/operators/operatorPage';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from './pageMethods';

function refuse(
  context: GetServerSidePropsContext,
  status: RefusedStatus,
  message: string,
): GetServerSidePropsResult<FunnelReportPageProps> {
  context.res.statusCode = status;
  return { props: { kind: 'refused', status, message } };
}

/**
 * Loads the marketers' funnel report (/admin/funnel). Only GET and HEAD; then access (a
 * signed-in operator whose role opens the reports; anyone else signs in first), then the
 * filter from the query, so that nobody learns anything about the data without signing
 * in. A refused request is a page that says why, with the matching status.
 */
export async function getServerSideProps(context: GetServerSidePropsContext): Promise<GetServerSidePropsResult<FunnelReportPageProps>> {
  // Business figures: no shared cache may keep them, no search engine may list the page.
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  if (refuseUnlessPageMethod(context)) return { props: { kind: 'refused', status: 405, message: METHOD_NOT_ALLOWED_MESSAGE } };

  const server = await serverContext();
  const access = await operatorPageAccess(context, server, 'reports');
  if (access.kind === 'sign-in') return { redirect: { destination: access.destination, permanent: false } };
  if (access.kind === 'forbidden') return refuse(context, 403, access.message);

  const filter = parseFunnelFilter(context.query, server.clock());
  if (!filter.ok) return refuse(context, 400, filter.message);

  const view = await loadFunnelReport(filter.value, await funnelReportSources(server), server.clock());
  return { props: { kind: 'report', ...view } };
}
