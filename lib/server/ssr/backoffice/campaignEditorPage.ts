import type { GetServerSidePropsContext } from 'next';
import { z } from 'zod';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { CampaignEditorPageProps } from '@/lib/campaigns/studioViews';
import type { DraftInput } from '@/lib/campaigns/campaignDraft';
import { campaignContentOf } from '@/lib/campaigns/campaignContent';
import { queryProblem } from '@/lib/campaigns/studioList';
import { CampaignVersions } from '@/lib/server/campaigns/CampaignVersions';
import { authorNames, versionAuthor } from '@/lib/server/campaigns/versionAuthors';
import { boughtOfferIds } from '@/lib/server/campaigns/boughtOffers';
import { studioSchedules } from '@/lib/server/campaigns/scheduledPublications';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { backOfficePage, operatorView } from './backOfficePage';

const querySchema = z.strictObject({
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A campaign id is letters, digits, - and _.'),
  restore: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'A version is its number, such as 2.')
    .transform(Number)
    .optional(),
});

const brandsOf = (file: CatalogueFile) => file.brands.map((brand) => ({ slug: brand.slug, name: brand.name, locale: brand.locale }));

/** A campaign with nothing in it yet, of the first brand. */
function blankDraft(file: CatalogueFile): DraftInput {
  return {
    flow: {
      brand: file.brands[0]?.slug ?? '',
      urlSlug: '',
      campaignId: '',
      headline: '',
      subheadline: '',
      enablePreAuth: false,
      plans: [],
      startsAt: null,
      endsAt: null,
      locale: null,
    },
    offers: [],
    coupons: [],
    isDefault: false,
  };
}

/** /admin/campaigns/new: the form for a campaign from nothing. */
export const newCampaignPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<CampaignEditorPageProps | BackOfficeRefusal>(context, 'campaigns', async (caller, server) => {
    if (Object.keys(context.query).length > 0) {
      context.res.statusCode = 400;
      return {
        kind: 'refused',
        status: 400,
        title: 'Not a page of the studio',
        message: `Unknown parameter: ${Object.keys(context.query).join(', ')}.`,
      };
    }
    const file = await new CatalogueRepository(server.db).exportAll();
    return {
      operator: operatorView(caller.operator),
      campaignId: null,
      baseVersion: null,
      status: null,
      draft: blankDraft(file),
      restoredFrom: null,
      brands: brandsOf(file),
      boughtOfferIds: [],
      scheduled: null,
    };
  });

/**
 * /admin/campaigns/{id}/edit: the form on the campaign's newest version, or on an older one's
 * content to restore it (?restore=N), saved as a new draft. A campaign the catalogue held
 * before versions were kept opens on what the catalogue holds.
 */
export const campaignEditorPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<CampaignEditorPageProps | BackOfficeRefusal>(context, 'campaigns', async (caller, server) => {
    const parsed = querySchema.safeParse(context.query);
    if (!parsed.success) {
      context.res.statusCode = 400;
      return { kind: 'refused', status: 400, title: 'Not a page of the studio', message: queryProblem(parsed.error, 'parameter') };
    }
    const { campaignId, restore } = parsed.data;
    const versions = new CampaignVersions(server.db);
    const file = await new CatalogueRepository(server.db).exportAll();
    const latest = await versions.latest(campaignId);
    const inCatalogue = campaignContentOf(file, campaignId);
    if (!latest && !inCatalogue) {
      context.res.statusCode = 404;
      return { kind: 'refused', status: 404, title: 'No such campaign', message: `No campaign has the id ${campaignId}.` };
    }
    const restored = restore === undefined ? null : await versions.find(campaignId, restore);
    if (restore !== undefined && !restored) {
      context.res.statusCode = 404;
      return {
        kind: 'refused',
        status: 404,
        title: 'No such version',
        message: `${campaignId} ${latest ? `has versions 1 to ${latest.version}` : 'has no version recorded yet'}.`,
      };
    }
    const content = (restored ?? latest)?.content ?? inCatalogue!;
    return {
      operator: operatorView(caller.operator),
      campaignId,
      baseVersion: latest?.version ?? null,
      status: latest && {
        version: latest.version,
        published: latest.publishedAt !== null,
        publishedAt: latest.publishedAt,
        createdAt: latest.createdAt,
        by: versionAuthor(latest, await authorNames(server.db, [latest])),
      },
      draft: content as unknown as DraftInput,
      restoredFrom: restored?.version ?? null,
      brands: brandsOf(file),
      boughtOfferIds: [
        ...(await boughtOfferIds(
          server.db,
          content.offers.map((offer) => offer.id),
        )),
      ],
      scheduled: (await studioSchedules(server.db)).get(campaignId) ?? null,
    };
  });
