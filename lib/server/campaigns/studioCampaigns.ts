import type { Kysely } from 'kysely';
import type { OrderCounts } from '@/lib/campaigns/studioList';
import { studioCampaigns } from '@/lib/campaigns/studioList';
import type { StudioCampaignView } from '@/lib/campaigns/studioViews';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Database } from '@/lib/server/db/schema';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { CampaignVersions } from './CampaignVersions';
import { studioSchedules } from './scheduledPublications';

/** Midnight UTC of `now`'s day: where "today's orders" start counting. */
export const startOfUtcDay = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Paid purchases placed since `since`, per campaign, live and test apart (renewals are no campaign's orders). */
export async function ordersSince(db: Kysely<Database>, since: Date): Promise<OrderCounts> {
  const rows = await db
    .selectFrom('transactions')
    .select((eb) => ['campaign_id', 'livemode', eb.fn.countAll<number | string>().as('orders')])
    .where('kind', '=', 'purchase')
    .where('status', '=', 'succeeded')
    .where('preview_version', 'is', null)
    .where('created_at', '>=', since.toISOString())
    .groupBy(['campaign_id', 'livemode'])
    .execute();
  const counts = new Map<string, { live: number; test: number }>();
  for (const row of rows) {
    const count = counts.get(row.campaign_id) ?? { live: 0, test: 0 };
    // PostgreSQL's count is a bigint, which comes back as a string.
    count[row.livemode === 1 ? 'live' : 'test'] += Number(row.orders);
    counts.set(row.campaign_id, count);
  }
  return counts;
}

/**
 * The studio's list: every campaign of the catalogue now, with the orders placed today (UTC),
 * and the campaigns only drafted so far.
 * Read from the database, not the servers' cache: a marketer sees a change at once, visitors
 * within the cache's minute.
 */
export async function studioCampaignList(server: Pick<ServerContext, 'db' | 'clock'>): Promise<{
  campaigns: StudioCampaignView[];
  brands: { slug: string; name: string; readingUrl: string | null }[];
  today: string;
}> {
  const now = server.clock();
  const catalogue = await new CatalogueRepository(server.db).loadSnapshot();
  const since = startOfUtcDay(now);
  const drafts = await new CampaignVersions(server.db).newestDrafts();
  const schedules = await studioSchedules(server.db);
  const campaigns = studioCampaigns(
    catalogue.flowsByPath.values(),
    catalogue.brands,
    await ordersSince(server.db, since),
    now,
    drafts,
    schedules,
  );
  const brands = [...catalogue.brands.values()]
    .map((brand) => ({ slug: brand.slug, name: brand.name, readingUrl: brand.readingUrl }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { campaigns, brands, today: since.toISOString().slice(0, 10) };
}
