import type { GetServerSidePropsContext } from 'next';
import { z } from 'zod';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { StudioCampaignPageProps, StudioComparison } from '@/lib/campaigns/studioViews';
import { versionChanges } from '@/lib/campaigns/versionChanges';
import { queryProblem } from '@/lib/campaigns/studioList';
import { CampaignVersions, type CampaignVersion } from '@/lib/server/campaigns/CampaignVersions';
import { studioCampaignList } from '@/lib/server/campaigns/studioCampaigns';
import { backOfficePage, operatorView } from './backOfficePage';
import { authorNames, versionAuthor } from '@/lib/server/campaigns/versionAuthors';
import { heldOffersOf } from '@/lib/server/campaigns/heldOffers';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { ExperimentRepository } from '@/lib/server/experiments/ExperimentRepository';
import type { Experiment } from '@/lib/experiments/experiment';

const versionNumber = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'A version is its number, such as 2.')
  .transform(Number);
const querySchema = z.strictObject({
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'A campaign id is letters, digits, - and _.'),
  from: versionNumber.optional(),
  to: versionNumber.optional(),
});

/**
 * /admin/campaigns/{campaignId}: a campaign's versions, the newest first, and two of them side
 * by side (`?from=1&to=2`; by default the newest against the one before it), and its A/B tests.
 */
export const campaignVersionsPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<(StudioCampaignPageProps & { experiments: Experiment[] }) | BackOfficeRefusal>(
    context,
    'campaigns',
    async (caller, server) => {
      const parsed = querySchema.safeParse(context.query);
      if (!parsed.success) {
        context.res.statusCode = 400;
        return { kind: 'refused', status: 400, title: 'Not a page of the studio', message: queryProblem(parsed.error, 'parameter') };
      }
      const { campaignId, from, to } = parsed.data;
      const versions = await new CampaignVersions(server.db).list(campaignId);
      const campaign = (await studioCampaignList(server)).campaigns.find((listed) => listed.campaignId === campaignId) ?? null;
      if (!campaign && versions.length === 0) {
        context.res.statusCode = 404;
        return { kind: 'refused', status: 404, title: 'No such campaign', message: `No campaign has the id ${campaignId}.` };
      }
      const pick = (number: number | undefined, fallback: CampaignVersion | undefined) =>
        number === undefined ? fallback : versions.find((version) => version.version === number);
      const older = pick(from, versions[1]);
      const newer = pick(to, versions[0]);
      if ((from !== undefined && !older) || (to !== undefined && !newer)) {
        context.res.statusCode = 404;
        return {
          kind: 'refused',
          status: 404,
          title: 'No such version',
          message: `${campaignId} ${versions.length === 0 ? 'has no version recorded yet' : versions.length === 1 ? 'has only version 1' : `has versions 1 to ${versions.length}`}.`,
        };
      }
      const comparison: StudioComparison | null =
        older && newer ? { from: older.version, to: newer.version, changes: versionChanges(older.content, newer.content) } : null;
      const file = await new CatalogueRepository(server.db).exportAll();
      const names = await authorNames(server.db, versions);
      return {
        operator: operatorView(caller.operator),
        heldOffers: await heldOffersOf(server.db, file, versions),
        campaign,
        campaignId,
        versions: versions.map((version) => ({
          version: version.version,
          createdAt: version.createdAt,
          by: versionAuthor(version, names),
          publishedAt: version.publishedAt,
        })),
        comparison,
        experiments: await new ExperimentRepository(server.db).list(campaignId),
      };
    },
  );
