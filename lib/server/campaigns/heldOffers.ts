import type { Kysely } from 'kysely';
import type { CatalogueFile } from '@/lib/catalogue/catalogueFile';
import { renewalAmountOf } from '@/lib/campaigns/renewalPrice';
import type { HeldOfferView } from '@/lib/campaigns/studioViews';
import type { Database } from '@/lib/server/db/schema';
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
  const rows = await db
    .selectFrom('subscriptions')
    .select((eb) => ['offer_id', eb.fn.countAll<number | string>().as('subscribers')])
    .where('offer_id', 'in', [...sold])
    .where('ended_at', 'is', null)
    .groupBy('offer_id')
    .execute();
  const onPage = new Set(versions[0]?.content.flow.plans ?? []);
  return rows.flatMap((row) => {
    const offer = file.offers.find((candidate) => candidate.id === row.offer_id);
    if (!offer) return [];
    return [
      {
        offerId: offer.id,
        name: offer.name,
        currencyCode: offer.currencyCode,
        renewalAmount: renewalAmountOf(offer),
        subscribers: Number(row.subscribers),
        onSale: onPage.has(offer.id) || offer.isCrossSell,
      },
    ];
  });
}
