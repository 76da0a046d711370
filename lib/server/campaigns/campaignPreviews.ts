import type { Kysely } from 'kysely';
import type { PreviewMark } from '@/lib/catalogue/types';
import { PREVIEW_LIFETIME_MS, PREVIEW_TOKEN, previewPath } from '@/lib/journey/preview';
import type { PreviewLink } from '@/lib/operators/campaignStudioApi';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { newSecret, sha256 } from '@/lib/server/ids';
import { appendAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { versionCatalogue } from './versionCatalogue';
import { CampaignVersions } from './CampaignVersions';

export { PREVIEW_TOKEN } from '@/lib/journey/preview';

type Studio = Pick<ServerContext, 'db' | 'clock'>;

/**
 * Makes a 24-hour link that shows `version` to whoever holds it, account or not: audited,
 * since it shows what visitors do not see. Only the token's hash is kept.
 */
export async function createPreview(server: Studio, caller: OperatorCaller, campaignId: string, version: number): Promise<PreviewLink> {
  const chosen = await new CampaignVersions(server.db).find(campaignId, version);
  if (!chosen) throw new HttpError(404, 'version_not_found', `${campaignId} has no version ${version}.`);
  const token = newSecret();
  const at = server.clock();
  const expiresAt = new Date(at.getTime() + PREVIEW_LIFETIME_MS).toISOString();
  await server.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('campaign_previews')
      .values({
        token_hash: sha256(token),
        campaign_id: campaignId,
        version,
        operator_id: caller.operator.id,
        created_at: at.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    await appendAudit(
      trx,
      caller.actor,
      { action: 'campaign.preview_shared', target: `campaign:${campaignId}`, after: { version, expiresAt } },
      at,
    );
  });
  const { brand, urlSlug } = chosen.content.flow;
  return { campaignId, version, path: previewPath(brand, urlSlug, token), expiresAt };
}

/** The link a token opens while it works, with the version it shows: null when the token is unknown or its 24 hours are over. */
async function openLink(db: Kysely<Database>, token: string, now: Date) {
  if (!PREVIEW_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('campaign_previews')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  const version = row ? await new CampaignVersions(db).find(row.campaign_id, row.version) : null;
  if (!row || !version) return null;
  const { brand, urlSlug } = version.content.flow;
  const link = {
    campaignId: row.campaign_id,
    version: row.version,
    path: previewPath(brand, urlSlug, token),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
  return { link, content: version.content };
}

/** The link a token opens while it works: null when the token is unknown or its 24 hours are over. */
export async function findPreview(db: Kysely<Database>, token: string, now: Date): Promise<(PreviewLink & { createdAt: string }) | null> {
  return (await openLink(db, token, now))?.link ?? null;
}

/** The catalogue a preview link's pages and orders read: today's, with the previewed version in place of its campaign. */
export interface PreviewCatalogue {
  snapshot: CatalogueSnapshot;
  campaignId: string;
  mark: PreviewMark;
}

/**
 * The catalogue as it would be with the link's version published, placed and checked by the
 * catalogue's schema as a save places it: 410 once the link has expired (or never existed),
 * 409 when the catalogue has changed so that the version no longer fits (an address taken
 * since, an offer gone). The studio's own checks (a bought offer's price, a coupon ended)
 * stay for the publish: the preview shows the version as it was saved. Its campaign is shown
 * whatever its dates: a preview is of what a visitor will see.
 */
export async function previewCatalogue(server: Studio, token: string): Promise<PreviewCatalogue> {
  const opened = await openLink(server.db, token, server.clock());
  if (!opened)
    throw new HttpError(410, 'preview_expired', 'This preview link has expired or does not exist: preview links work for 24 hours.');
  const { link, content } = opened;
  const mark: PreviewMark = { token, version: link.version, expiresAt: link.expiresAt };
  const placed = await versionCatalogue(server, link.campaignId, content, (flow) => ({
    ...flow,
    startsAt: null,
    endsAt: null,
    preview: mark,
  }));
  if (!placed.ok)
    throw new HttpError(
      409,
      'preview_outdated',
      `Version ${link.version} no longer fits the catalogue, which changed since it was saved: open it in the studio to see why.`,
      placed.problems.map((problem) => `${problem.field}: ${problem.message}`),
    );
  return { snapshot: placed.snapshot, campaignId: link.campaignId, mark };
}
