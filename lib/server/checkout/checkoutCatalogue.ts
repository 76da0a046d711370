import type { QuoteRequest } from '@/lib/checkout/quoteContract';
import { previewCatalogue } from '@/lib/server/campaigns/campaignPreviews';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { HttpError } from '@/lib/server/http/HttpError';
import { refusal } from '@/lib/server/http/refusal';
import { visitorExperiment } from '@/lib/server/experiments/visitorExperiment';

/**
 * The catalogue a quote or an order is priced from: visitors' (the cached one), or, for a
 * request from a preview link's pages, the version it shows in place of its campaign. A
 * preview sells in test mode only, and only its own campaign; an expired link is 410. A
 * visitor enrolled in the campaign's experiment is priced by their variant, which must be the
 * one their page showed (409 otherwise: they withdrew consent meanwhile, or it was stopped).
 */
export async function checkoutCatalogue(
  server: Pick<ServerContext, 'db' | 'clock' | 'catalogue' | 'config'>,
  request: Pick<QuoteRequest, 'brand' | 'urlSlug' | 'livemode' | 'preview' | 'experiment'>,
  cookies: Partial<Record<string, string>>,
): Promise<CatalogueSnapshot> {
  if (request.preview === undefined) {
    const snapshot = await server.catalogue.get();
    const flow = snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug));
    if (!flow) return snapshot;
    // An enrolled visitor is priced by their variant, as their pages showed it; nobody is enrolled here.
    const experimented = await visitorExperiment(server, snapshot, flow, {
      cookies,
      livemode: request.livemode !== false,
      source: null,
      enrol: false,
    });
    const found = experimented?.mark ?? null;
    const shown = request.experiment ?? null;
    if (found?.id !== shown?.id || found?.variant !== shown?.variant)
      throw refusal(409, 'variant_changed', (words) => words.t('order.error.variantChanged'));
    return experimented?.snapshot ?? snapshot;
  }
  if (request.livemode !== false)
    throw new HttpError(400, 'invalid_body', 'A preview is priced and sold in test mode only: send livemode false with it.');
  const { snapshot } = await previewCatalogue(server, request.preview);
  if (!snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug))?.preview)
    throw new HttpError(400, 'invalid_body', `This preview link shows another campaign than ${request.brand}/${request.urlSlug}.`);
  return snapshot;
}
