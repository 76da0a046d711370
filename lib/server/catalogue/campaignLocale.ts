import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import type { CatalogueCache } from './catalogueCache';

/**
 * The locale a campaign speaks, for an answer given outside its pages (a payment confirmed
 * after the bank's check); English when the catalogue no longer has it.
 */
export async function campaignLocale(server: { catalogue: Pick<CatalogueCache, 'get'> }, campaignId: string): Promise<string> {
  const snapshot = await server.catalogue.get();
  for (const flow of snapshot.flowsByPath.values()) if (flow.campaignId === campaignId) return flow.locale;
  return DEFAULT_LOCALE;
}
