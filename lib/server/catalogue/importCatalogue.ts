import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { parseCatalogueFile } from '@/lib/catalogue/catalogueFile';
import { CatalogueRepository } from './CatalogueRepository';

export type ImportResult =
  | { ok: true; version: number; counts: Record<'brands' | 'offers' | 'checkoutFlows' | 'coupons', number> }
  | { ok: false; errors: string[] };

/** Validates catalogue JSON text and, only if all of it is valid, replaces the catalogue. */
export async function importCatalogueJson(db: Kysely<Database>, jsonText: string): Promise<ImportResult> {
  let input: unknown;
  try {
    input = JSON.parse(jsonText);
  } catch (error) {
    return { ok: false, errors: [`(file): not valid JSON: ${(error as Error).message}`] };
  }
  const parsed = parseCatalogueFile(input);
  if (!parsed.ok) return parsed;
  const version = await new CatalogueRepository(db).replaceAll(parsed.file);
  const { brands, offers, checkoutFlows, coupons } = parsed.file;
  return {
    ok: true,
    version,
    counts: { brands: brands.length, offers: offers.length, checkoutFlows: checkoutFlows.length, coupons: coupons.length },
  };
}
