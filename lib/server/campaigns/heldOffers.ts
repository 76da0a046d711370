import type { Kysely } from 'kysely';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { renewalAmountOf } from '@/lib/campaigns/renewalPrice';
import type { HeldOfferView } from '@/lib/campaigns/studioViews';
import type { Database } from '@/lib/server/db/schema';
import { notPreviewSubscription } from '@/lib/server/reports/previewOrders';
import type { CampaignVersion } from './CampaignVersions';

/**
 * The offers any version of a campaign sold that running subscriptions hold, with what they
 * renew at: where the studio changes a bought offer's renewal price, retired offers included.
 */
export async function heldOffersOf(
  db: Kysely<Database>,
  file: CatalogueFile,
  versions: readonly CampaignVersion[],
): Promise<HeldOfferView[]> {
  const sold = new Set(versions.flatMap((version) => version.content.offers.map((offer) => offer.id)));
  if (sold.size === 0) return [];
  const counts = await runningSubscriptions(db, [...sold]);
  const onPage = new Set(versions[0]?.content.flow.plans ?? []);
  return [...counts].flatMap(([offerId, subscribers]) => {
    const offer = file.offers.find((candidate) => candidate.id === offerId);
    if (!offer) return [];
    return [
      {
        offerId: offer.id,
        name: offer.name,
        currencyCode: offer.currencyCode,
        renewalAmount: renewalAmountOf(offer),
        subscribers,
        onSale: onPage.has(offer.id) || offer.isCrossSell,
      },
    ];
  });
}

/** How many running subscriptions hold each of the offers (those none holds are left out). */
export async function runningSubscriptions(db: Kysely<Database>, offerIds: readonly string[]): Promise<Map<string, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscriptions')
    .select((eb) => ['offer_id', eb.fn.countAll<number | string>().as('subscribers')])
    .where('offer_id', 'in', offerIds)
    .where('ended_at', 'is', null)
    .where(notPreviewSubscription)
    .groupBy('offer_id')
    .execute();
  // PostgreSQL's count is a bigint, which comes back as a string.
  return new Map(rows.map((row) => [row.offer_id, Number(row.subscribers)]));
}
