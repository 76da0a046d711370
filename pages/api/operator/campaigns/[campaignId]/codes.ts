import { z } from 'zod';
import { singleUseCodesCsv } from '@/lib/campaigns/codesCsv';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { HttpError } from '@/lib/server/http/HttpError';
import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { requireOperator } from '@/lib/server/operators/operatorAccess';

export const config = { api: { bodyParser: false } };

const query = z.strictObject({
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"'),
  version: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'must be a version number such as 2')
    .transform(Number),
});

/** GET ?version=N: the version's single-use codes as a CSV file to hand to a partner (marketers, admins). */
export default apiRoute({
  GET: async (req, res, server) => {
    await requireOperator(req, server, 'campaigns');
    const { campaignId, version } = parseRequest(query, req.query, 'query');
    const found = await new CampaignVersions(server.db).find(campaignId, version);
    if (!found) throw new HttpError(404, 'version_not_found', `${campaignId} has no version ${version}.`);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${campaignId}-codes-v${version}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).end(singleUseCodesCsv(found.content));
  },
});
