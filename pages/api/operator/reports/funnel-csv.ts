import { parseFunnelFilter } from '@/lib/reports/funnelFilter';
import { funnelCsvFilename, funnelReportCsv } from '@/lib/reports/reportCsv';
import { HttpError } from '@/lib/server/http/HttpError';
import { apiRoute } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';
import { funnelReportSources, loadFunnelReport } from '@/lib/server/reports/funnelReportService';

export const config = { api: { bodyParser: false } };

/**
 * GET ?from&to&campaign&mode&variant (the funnel report page's filter): every table the page
 * shows for it, as one CSV file to take away (lib/reports/reportCsv.ts). The page's access
 * (an operator whose role opens the reports) is checked before the query is read.
 */
export default apiRoute({
  GET: async (req, res, server) => {
    await requireOperator(req, server, 'reports');
    const filter = parseFunnelFilter(req.query, server.clock());
    if (!filter.ok) throw new HttpError(400, 'invalid_query', filter.message);
    const view = await loadFunnelReport(filter.value, await funnelReportSources(server), server.clock());
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${funnelCsvFilename(filter.value)}"`);
    // Business figures: no shared cache may keep them.
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).end(funnelReportCsv(view));
  },
});
