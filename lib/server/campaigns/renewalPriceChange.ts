import { parseCatalogueFile } from '@/lib/catalogue/catalogueFile';
import type { RenewalPriceChanged } from '@/lib/operators/campaignStudioApi';
import { renewalAmountOf, withRenewalAmount } from '@/lib/campaigns/renewalPrice';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { appendAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { CatalogueRepository, lockCatalogue, writeCatalogue } from '@/lib/server/catalogue/CatalogueRepository';
import { runningSubscriptions } from './heldOffers';

/**
 * The one way a bought offer's price changes for those who hold it: an explicit action, audited.
 * The catalogue's offer takes the new renewal price; the renewal engine then gives each
 * subscriber the market's notice before the first renewal charged at it
 * (lib/subscriptions/renewalNotices.ts). New buyers pay it too.
 */
export async function changeRenewalPrice(
  server: Pick<ServerContext, 'db' | 'clock' | 'catalogue'>,
  caller: OperatorCaller,
  offerId: string,
  amount: number,
): Promise<RenewalPriceChanged> {
  const at = server.clock();
  const changed = await server.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, at);
    const file = await new CatalogueRepository(trx).exportAll();
    const offer = file.offers.find((candidate) => candidate.id === offerId);
    if (!offer) throw new HttpError(404, 'offer_not_found', `No offer has the id ${offerId}.`);
    const before = renewalAmountOf(offer);
    if (before === amount) throw new HttpError(409, 'same_price', `Offer ${offerId} already renews at this price.`);
    const parsed = parseCatalogueFile({
      ...file,
      offers: file.offers.map((other) => (other.id === offerId ? withRenewalAmount(other, amount) : other)),
    });
    // A first-period price above it, or a saving badge it makes untrue: the offer's own fields say why.
    if (!parsed.ok) {
      const problems = parsed.errors.map((error) => error.replace(/^offers\[\d+\]\./, ''));
      throw new HttpError(400, 'invalid_price', `With this price the offer would not be valid: ${problems.join('; ')}.`, problems);
    }
    await writeCatalogue(trx, parsed.file, at, { kind: 'operator', id: caller.operator.id });
    const running = await runningSubscriptions(trx, [offerId]);
    const result = { offerId, before, after: amount, currencyCode: offer.currencyCode, subscribers: running.get(offerId) ?? 0 };
    await appendAudit(
      trx,
      caller.actor,
      { action: 'offer.renewal_price_changed', target: `offer:${offerId}`, before: { renewalAmount: before }, after: result },
      at,
    );
    return result;
  });
  server.catalogue.invalidate();
  return changed;
}
