import type { IncomingMessage } from 'node:http';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import { errorLocation, type ErrorBrand } from '@/lib/journey/errorPage';
import { serverContext } from '@/lib/server/context/serverContext';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';

/**
 * The brand of a failed request under /{brand}/…, from the catalogue: its look, its name and
 * the way back (the campaign asked for if it exists, else the brand's first campaign that
 * opens without signing in). Null for a brand with no campaign, or no brand at all.
 */
export function errorBrandIn(snapshot: CatalogueSnapshot, url: string): ErrorBrand | null {
  const location = errorLocation(url);
  if (!location) return null;
  const asked = location.urlSlug ? snapshot.flowsByPath.get(flowKey(location.brand, location.urlSlug)) : undefined;
  const brandFlows = [...snapshot.flowsByPath.values()].filter((flow) => flow.brand_slug === location.brand);
  const flow: CheckoutFlow | undefined = asked ?? brandFlows.find((candidate) => !candidate.data.config.enablePreAuth) ?? brandFlows[0];
  if (!flow) return null;
  return { name: flow.brandName, identity: flow.data.brandIdentity, home: `/${flow.brand_slug}/${flow.url_slug}${location.search}` };
}

/**
 * The error page's brand for a request, on the server. The error may be the catalogue's
 * own (its database down): then the page is neutral rather than a second failure.
 */
export async function errorPageBrand(req: Pick<IncomingMessage, 'url'> | undefined): Promise<ErrorBrand | null> {
  if (!req?.url) return null;
  try {
    return errorBrandIn(await (await serverContext()).catalogue.get(), req.url);
  } catch (error) {
    console.error('Error page: the catalogue could not be read; the page is shown without its brand.', error);
    return null;
  }
}
