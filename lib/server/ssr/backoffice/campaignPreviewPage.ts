import type { GetServerSidePropsContext } from 'next';
import { z } from 'zod';
import type { CampaignPreviewPageProps, CampaignPreviewRefusal } from '@/lib/campaigns/campaignPreviewView';
import { queryProblem } from '@/lib/campaigns/studioList';
import { findPreview, PREVIEW_TOKEN } from '@/lib/server/campaigns/campaignPreviews';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { backOfficePage, operatorView } from './backOfficePage';

const NOT_A_LINK = 'A preview link is the 43 letters, digits, - and _ after ?link=, given once.';

const querySchema = z.strictObject({
  // As the campaign's own page (campaignVersionsPage.ts) takes it.
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'A campaign id is letters, digits, - and _.'),
  // Missing, repeated (an array) or malformed: one sentence for all three.
  link: z.string({ error: NOT_A_LINK }).regex(PREVIEW_TOKEN, NOT_A_LINK),
});

/**
 * /admin/campaigns/{campaignId}/preview?link={token}: a preview link just made (or shared
 * among marketers), with the version it shows. A link of another campaign is not shown
 * under this one: the address would say one campaign and the frames another.
 */
export const campaignPreviewPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<CampaignPreviewPageProps | CampaignPreviewRefusal>(context, 'campaigns', async (caller, server) => {
    const parsed = querySchema.safeParse(context.query);
    if (!parsed.success) {
      context.res.statusCode = 400;
      return { kind: 'refused', status: 400, title: 'Not a page of the studio', message: queryProblem(parsed.error, 'parameter') };
    }
    const { campaignId, link } = parsed.data;
    const preview = await findPreview(server.db, link, server.clock());
    if (!preview || preview.campaignId !== campaignId) {
      context.res.statusCode = 404;
      return {
        kind: 'refused',
        status: 404,
        title: 'This preview link has expired or does not exist',
        message: 'A preview link works for 24 hours. Make a new one on the campaign’s page.',
        campaignId,
      };
    }
    const version = await new CampaignVersions(server.db).find(campaignId, preview.version);
    return {
      operator: operatorView(caller.operator),
      campaignId,
      version: preview.version,
      headline: version?.content.flow.headline || null,
      path: preview.path,
      expiresAt: preview.expiresAt,
    };
  });
