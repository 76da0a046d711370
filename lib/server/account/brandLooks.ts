import type { AccountBrand } from '@/lib/account/accountView';
import { brandDisplayName } from '@/lib/brands/displayNames';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';

/** Each brand's name and look, from its checkout flows (a brand without one shows its slug, unthemed). */
export function brandLooks(catalogue: CatalogueSnapshot): ReadonlyMap<string, AccountBrand> {
  const looks = new Map<string, AccountBrand>();
  for (const flow of catalogue.flowsByPath.values()) {
    if (!looks.has(flow.brand_slug)) {
      looks.set(flow.brand_slug, { name: brandDisplayName(flow.brand_slug, flow.brandName), identity: flow.data.brandIdentity });
    }
  }
  return looks;
}
