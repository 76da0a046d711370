import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { appendAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { CatalogueRepository, lockCatalogue, writeCatalogue } from '@/lib/server/catalogue/CatalogueRepository';
import type { ReadingUrlChanged } from '@/lib/operators/campaignStudioApi';

/**
 * Sets where a brand's new subscribers start reading (the success page's link). It is the
 * brand's, not one campaign's, so it is no campaign's version: written into the catalogue at
 * once, with the catalogue held, and audited with what it was.
 */
export async function changeReadingUrl(
  server: Pick<ServerContext, 'db' | 'clock' | 'catalogue'>,
  caller: OperatorCaller,
  brandSlug: string,
  readingUrl: string | null,
): Promise<ReadingUrlChanged> {
  const at = server.clock();
  const before = await server.db.transaction().execute(async (trx) => {
    const catalogue = new CatalogueRepository(trx);
    const was = (await catalogue.exportAll()).brands.find((candidate) => candidate.slug === brandSlug);
    if (!was) throw new HttpError(404, 'brand_not_found', `No brand has the slug ${brandSlug}.`);
    if (was.readingUrl === readingUrl) return was.readingUrl;
    // Held first, then read again: a writer that committed meanwhile is built on, not undone.
    await lockCatalogue(trx, at);
    const file = await catalogue.exportAll();
    const brand = file.brands.find((candidate) => candidate.slug === brandSlug);
    if (!brand) throw new HttpError(404, 'brand_not_found', `No brand has the slug ${brandSlug}.`);
    const brands = file.brands.map((candidate) => (candidate.slug === brandSlug ? { ...candidate, readingUrl } : candidate));
    await writeCatalogue(trx, { ...file, brands }, at, { kind: 'operator', id: caller.operator.id });
    await appendAudit(
      trx,
      caller.actor,
      {
        action: 'brand.reading_url_changed',
        target: `brand:${brandSlug}`,
        before: { readingUrl: brand.readingUrl },
        after: { readingUrl },
      },
      at,
    );
    return brand.readingUrl;
  });
  // This process's pages read it at once; the others within the catalogue's TTL.
  if (before !== readingUrl) server.catalogue.invalidate();
  return { brand: brandSlug, readingUrl, changed: before !== readingUrl };
}
