import type { DraftInput, FieldProblem } from '@/lib/campaigns/campaignDraft';
import { checkDraft } from '@/lib/campaigns/campaignDraft';
import type { CampaignContent } from '@/lib/campaigns/campaignContent';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { CatalogueRepository, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { snapshotOfFile } from '@/lib/server/catalogue/catalogueSnapshot';

/** `current`: the catalogue as it is, which the version was placed in. */
export type VersionCatalogue = { ok: true; snapshot: CatalogueSnapshot; current: CatalogueFile } | { ok: false; problems: FieldProblem[] };

/**
 * Today's catalogue with a campaign's saved version in place of what is published, placed
 * and checked by the catalogue's schema as a save places it (a preview link's pages, an
 * experiment's variant): its problems when the catalogue changed so that it no longer fits
 * (an address taken since, an offer gone). `mark` is laid on the campaign's flow.
 */
export async function versionCatalogue(
  server: Pick<ServerContext, 'db'>,
  campaignId: string,
  content: CampaignContent,
  mark: (flow: CheckoutFlow) => CheckoutFlow,
): Promise<VersionCatalogue> {
  const catalogue = new CatalogueRepository(server.db);
  const [file, catalogueVersion] = await Promise.all([catalogue.exportAll(), catalogue.version()]);
  const checked = checkDraft(file, campaignId, content as unknown as DraftInput);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const snapshot = snapshotOfFile(checked.file, catalogueVersion);
  const flowsByPath = new Map<string, CheckoutFlow>();
  for (const [path, flow] of snapshot.flowsByPath) flowsByPath.set(path, flow.campaignId === campaignId ? mark(flow) : flow);
  return { ok: true, snapshot: { ...snapshot, flowsByPath }, current: file };
}
