import type { Kysely } from 'kysely';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { campaignContentOf, canonicalContent, type CampaignContent } from '@/lib/campaigns/campaignContent';
import type { CampaignVersionAuthor, Database } from '@/lib/server/db/schema';

/** Who recorded a version: an import, or an operator (by id). */
export interface VersionAuthor {
  kind: CampaignVersionAuthor;
  id: string | null;
}

export const IMPORT_AUTHOR: VersionAuthor = { kind: 'import', id: null };

/** One recorded version of a campaign. */
export interface CampaignVersion {
  campaignId: string;
  version: number;
  content: CampaignContent;
  author: VersionAuthor;
  createdAt: string;
  /** When it reached the catalogue; null: a draft. */
  publishedAt: string | null;
}

const versionOf = (row: Database['campaign_versions']): CampaignVersion => ({
  campaignId: row.campaign_id,
  version: row.version,
  content: JSON.parse(row.content_json) as CampaignContent,
  author: { kind: row.author_kind, id: row.author_id },
  createdAt: row.created_at,
  publishedAt: row.published_at,
});

/** What a save found instead of the version it was based on. */
export type DraftSave = { kind: 'saved'; version: CampaignVersion } | { kind: 'conflict'; latest: CampaignVersion | null };

/**
 * The versions every campaign keeps (migrations 0057, 0058): appended, their content never
 * changed. An import's are published as they are recorded; a studio save is a draft until
 * it is published.
 */
export class CampaignVersions {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * In the catalogue's writing transaction: a new published version of each campaign the file
   * names whose content differs from its latest (or which has none yet). A campaign the file
   * leaves out keeps its versions and drafts; one that comes back goes on from its last number.
   * A draft the file now holds as it is is marked published rather than copied.
   */
  async recordImport(file: CatalogueFile, at: Date, author: VersionAuthor = IMPORT_AUTHOR): Promise<string[]> {
    const recorded: string[] = [];
    for (const flow of file.checkoutFlows) {
      const text = canonicalContent(campaignContentOf(file, flow.campaignId)!);
      const latest = await this.latestRow(flow.campaignId);
      if (latest?.content_json === text) {
        if (latest.published_at === null) await this.markPublished(flow.campaignId, latest.version, at);
        continue;
      }
      // Unchanged since it was last published: the catalogue was written for another campaign,
      // and this one's drafts after that version stay the newest, as they were.
      if ((await this.latestPublishedRow(flow.campaignId))?.content_json === text) continue;
      await this.insert(flow.campaignId, (latest?.version ?? 0) + 1, text, author, at, at);
      recorded.push(flow.campaignId);
    }
    return recorded;
  }

  /**
   * Saves a draft as the next version, if the campaign's newest version is still `baseVersion`
   * (null: a campaign not yet recorded at all). Otherwise nothing is written and the newest is
   * answered, so that a second editor is told rather than writing over the first.
   */
  async saveDraft(
    campaignId: string,
    baseVersion: number | null,
    content: CampaignContent,
    author: VersionAuthor,
    at: Date,
  ): Promise<DraftSave> {
    const latest = await this.latestRow(campaignId);
    if ((latest?.version ?? null) !== baseVersion) return { kind: 'conflict', latest: latest ? versionOf(latest) : null };
    const version = (latest?.version ?? 0) + 1;
    // Two saves on the same base at once: the key lets one in, and the other is told as above.
    if (!(await this.insert(campaignId, version, canonicalContent(content), author, at, null)))
      return { kind: 'conflict', latest: await this.latest(campaignId) };
    return { kind: 'saved', version: (await this.find(campaignId, version))! };
  }

  async markPublished(campaignId: string, version: number, at: Date): Promise<void> {
    await this.db
      .updateTable('campaign_versions')
      .set({ published_at: at.toISOString() })
      .where('campaign_id', '=', campaignId)
      .where('version', '=', version)
      .where('published_at', 'is', null)
      .execute();
  }

  /** A campaign's versions, the newest first. */
  async list(campaignId: string): Promise<CampaignVersion[]> {
    const rows = await this.db
      .selectFrom('campaign_versions')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('version', 'desc')
      .execute();
    return rows.map(versionOf);
  }

  async find(campaignId: string, version: number): Promise<CampaignVersion | null> {
    const row = await this.db
      .selectFrom('campaign_versions')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? versionOf(row) : null;
  }

  async latest(campaignId: string): Promise<CampaignVersion | null> {
    const row = await this.latestRow(campaignId);
    return row ? versionOf(row) : null;
  }

  /** Each campaign's newest version, where it is a draft: the studio lists these, and their addresses are taken. */
  async newestDrafts(): Promise<CampaignVersion[]> {
    const rows = await this.db
      .selectFrom('campaign_versions as v')
      .selectAll('v')
      .where('v.published_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('campaign_versions as n')
              .select('n.version')
              .whereRef('n.campaign_id', '=', 'v.campaign_id')
              .whereRef('n.version', '>', 'v.version'),
          ),
        ),
      )
      .orderBy('v.campaign_id')
      .execute();
    return rows.map(versionOf);
  }

  /** Every offer id any version names: a new offer's id is above them all, so that no two drafts give out the same. */
  async offerIdsInVersions(): Promise<string[]> {
    const rows = await this.db.selectFrom('campaign_versions').select('content_json').execute();
    return rows.flatMap((row) => (JSON.parse(row.content_json) as CampaignContent).offers.map((offer) => offer.id));
  }

  /** Whether the version was written: false when that number was taken meanwhile. */
  private async insert(campaignId: string, version: number, text: string, author: VersionAuthor, at: Date, publishedAt: Date | null) {
    const result = await this.db
      .insertInto('campaign_versions')
      .values({
        campaign_id: campaignId,
        version,
        content_json: text,
        author_kind: author.kind,
        author_id: author.id,
        created_at: at.toISOString(),
        published_at: publishedAt?.toISOString() ?? null,
      })
      .onConflict((oc) => oc.columns(['campaign_id', 'version']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  private latestPublishedRow(campaignId: string) {
    return this.db
      .selectFrom('campaign_versions')
      .select('content_json')
      .where('campaign_id', '=', campaignId)
      .where('published_at', 'is not', null)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private latestRow(campaignId: string) {
    return this.db
      .selectFrom('campaign_versions')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
