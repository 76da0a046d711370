import type { Kysely } from 'kysely';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { campaignContentOf, canonicalContent, type CampaignContent } from '@/lib/campaigns/campaignContent';
import type { CampaignVersionAuthor, Database } from '@/lib/server/db/schema';

/** One recorded version of a campaign. */
export interface CampaignVersion {
  campaignId: string;
  version: number;
  content: CampaignContent;
  author: { kind: CampaignVersionAuthor; id: string | null };
  createdAt: string;
}

const versionOf = (row: Database['campaign_versions']): CampaignVersion => ({
  campaignId: row.campaign_id,
  version: row.version,
  content: JSON.parse(row.content_json) as CampaignContent,
  author: { kind: row.author_kind, id: row.author_id },
  createdAt: row.created_at,
});

/** The versions every campaign keeps (migration 0057): appended, never changed. */
export class CampaignVersions {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * In an import's transaction: a new version of each campaign the file names whose content
   * differs from its latest (or which has none yet). A campaign the file leaves out keeps its
   * versions; one that comes back goes on from its last number.
   */
  async recordImport(file: CatalogueFile, at: Date): Promise<string[]> {
    const recorded: string[] = [];
    for (const flow of file.checkoutFlows) {
      const content = campaignContentOf(file, flow.campaignId)!;
      const latest = await this.latestRow(flow.campaignId);
      const text = canonicalContent(content);
      if (latest?.content_json === text) continue;
      await this.db
        .insertInto('campaign_versions')
        .values({
          campaign_id: flow.campaignId,
          version: (latest?.version ?? 0) + 1,
          content_json: text,
          author_kind: 'import',
          author_id: null,
          created_at: at.toISOString(),
        })
        .execute();
      recorded.push(flow.campaignId);
    }
    return recorded;
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

  private latestRow(campaignId: string) {
    return this.db
      .selectFrom('campaign_versions')
      .select(['version', 'content_json'])
      .where('campaign_id', '=', campaignId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
