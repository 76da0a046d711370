import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { catalogueFileSchema, parseCatalogueFile, type CatalogueFile, type CatalogueFileInput } from '@/lib/catalogue/catalogueFile';
import type { CheckoutFlow, Offer } from '@/lib/catalogue/types';
import type { TransactionView } from '@/lib/checkout/transactionView';
import { parseJourneyPath } from '@/lib/journey/path';
import { parseSource } from '@/lib/journey/query';
import { buildQuote } from '@/lib/pricing/quote';
import { NO_TAX } from '@/lib/pricing/tax';
import { trackedItemFor } from '@/lib/tracking/commerce';
import { analyticsCallFor } from '@/lib/tracking/destinations/analyticsEvents';
import {
  buildAddToCart,
  buildOfferPageLoad,
  buildPageLoad,
  buildSubscriptionIntent,
  funnelItemFor,
  type JourneyEvent,
} from '@/lib/tracking/events';
import {
  buildAutoRenewalConsentVisible,
  buildCartExitClick,
  buildCartLoad,
  buildCreditCardWaypointLoad,
  buildFirstNameFocus,
  buildPromoCodeApply,
  buildSuccessMagicLinkClick,
  buildSuccessPageLoad,
  purchaseFor,
} from '@/lib/tracking/orderEvents';
import { buildMarketingPermissions } from '@/lib/tracking/orderEvents';
import { newsletterIdFor } from '@/lib/tracking/marketingPermissions';
import { subscriptionIntentActions } from '@/lib/tracking/markup';
import { ANALYTICS_SCHEMAS, analyticsSchemaName } from '@/lib/tracking/schemaRegistry';
import { transactionIdFor } from '@/lib/server/checkout/submitService';
import { brandFromRow, flowFromRows, offerFromRow, rowsFromFile } from '@/lib/server/catalogue/catalogueRows';
import { ANALYTICS_DATA_SCHEMAS } from '@/lib/server/tracking/schemas/analyticsSchemas';
import { COLLECTOR_FIELD_CAPS, WEB_PAGE_ENTITY } from '@/lib/server/tracking/schemas/collectorFields';
import { checkFunnelItem, ITEM_NAME_MAX, SOURCE_MAX } from '@/lib/server/tracking/schemas/funnelSchemas';

/**
 * The server's caps must never be narrower than what the catalogue and the browser can
 * legitimately produce: every offer of the demo catalogue, and a synthetic catalogue at
 * the catalogue's maximum lengths, go through the journey's real builders (events.ts,
 * commerce.ts trackedItemFor and purchaseFor, the analytics mapping) and must pass
 * checkFunnelItem and the collector's data schemas. The maximum lengths are read from
 * the catalogue's own schema where it states them (maxLength), and checked at the
 * boundary where it states them as a pattern, so that widening the catalogue breaks this
 * test instead of refusing real events in production.
 */

const ROOT = path.resolve(__dirname, '../../../..');
const TIMESTAMP = Date.UTC(2026, 10, 21, 12);
const UNSTRUCT_EVENT = 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0';

/** The catalogue's zod shapes, read for their stated limits. */
const fileShape = catalogueFileSchema.shape;
const offerShape = (fileShape.offers.element as unknown as z.ZodObject).shape;
const brandShape = (fileShape.brands.element as unknown as z.ZodObject).shape;
const maxLengthOf = (schema: unknown): number => {
  const max = (schema as z.ZodString).maxLength;
  if (typeof max !== 'number') throw new Error('the catalogue no longer states a maxLength here: update this test');
  return max;
};

const DESCRIPTION_MAX = maxLengthOf(offerShape.description);
const OFFER_NAME_MAX = maxLengthOf(offerShape.name);
const BRAND_NAME_MAX = maxLengthOf(brandShape.name);
/** Stated as patterns (checked at the boundary below). */
const SLUG_MAX = 64;
const CAMPAIGN_ID_MAX = 64;
const OFFER_ID_DIGITS = 18;
const COUPON_CODE_MAX = 32;
/** lib/journey/query.ts: the `source` parameter (checked at the boundary below). */
const SOURCE_PARAMETER_MAX = 200;

/** Text of exactly `length` UTF-16 units, with accents and an emoji, as operators write. */
function textOf(length: number, start = 'Digital + print — café ✨ ') {
  let out = '';
  while (out.length < length) out += start;
  out = out.slice(0, length);
  // Never end on half a surrogate pair or a space (the catalogue trims).
  return /[\uD800-\uDBFF\s]$/.test(out) ? `${out.slice(0, -1)}x` : out;
}

const slugOf = (length: number, seed: string) => `${seed}-${'a'.repeat(length)}`.slice(0, length);

function maximalCatalogue(): CatalogueFileInput {
  const brand = slugOf(SLUG_MAX, 'brand');
  const identity = {
    primaryColor: '#000000',
    accentColor: '#111111',
    backgroundColor: '#ffffff',
    textColor: '#000000',
    fontFamily: 'serif' as const,
    tagline: '',
  };
  const offer = (id: string, uuid: string, extra: Record<string, unknown> = {}) => ({
    id,
    uuid,
    brand,
    name: textOf(OFFER_NAME_MAX, 'Print & digital, 1 year · '),
    description: textOf(DESCRIPTION_MAX),
    currencyCode: 'USD' as const,
    totalAmount: 99_999_99,
    discountedAmount: 49_999_99,
    billingInterval: 'year' as const,
    features: [],
    ...extra,
  });
  return {
    brands: [{ slug: brand, name: textOf(BRAND_NAME_MAX, 'Brand '), identity }],
    offers: [
      offer('9'.repeat(OFFER_ID_DIGITS), '0f8fad5b-d9cb-469f-a165-70867728950e'),
      offer('8'.repeat(OFFER_ID_DIGITS), '7c9e6679-7425-40de-944b-e07fc1f90ae7', {
        isCrossSell: true,
        parentOfferId: '9'.repeat(OFFER_ID_DIGITS),
      }),
    ],
    checkoutFlows: [
      {
        brand,
        urlSlug: slugOf(SLUG_MAX, 'slug'),
        campaignId: `c_${'Z'.repeat(CAMPAIGN_ID_MAX)}`.slice(0, CAMPAIGN_ID_MAX),
        headline: 'Subscribe',
        plans: ['9'.repeat(OFFER_ID_DIGITS)],
      },
    ],
    coupons: [{ code: 'Z'.repeat(COUPON_CODE_MAX), percentOff: 10, scope: 'all' }],
  };
}

function parsed(input: unknown): CatalogueFile {
  const result = parseCatalogueFile(input);
  if (!result.ok) throw new Error(`catalogue refused: ${result.errors.join('; ')}`);
  return result.file;
}

/** The catalogue as the running app reads it: rows, then the domain types. */
function domainOf(file: CatalogueFile): { offers: Offer[]; flows: CheckoutFlow[]; coupons: string[] } {
  const rows = rowsFromFile(file);
  const brands = new Map(rows.brands.map((row) => [row.slug, brandFromRow(row)]));
  const uuidById = new Map(rows.offers.map((row) => [row.id, row.uuid]));
  const offers = rows.offers.map((row) => offerFromRow(row, brands.get(row.brand_slug)!, uuidById));
  const flows = rows.flows.map((row) => {
    const plans = rows.plans
      .filter((plan) => plan.campaign_id === row.campaign_id)
      .map((plan) => offers.find((offer) => offer.id === plan.offer_id)!);
    return flowFromRows(row, brands.get(row.brand_slug)!, plans);
  });
  return { offers, flows, coupons: rows.coupons.map((coupon) => coupon.code) };
}

/** The longest pathname a journey page can have: 8 segments of 64 characters (lib/journey/path.ts). */
function longestJourneyPath(flow: CheckoutFlow): string {
  const pathname = `/${[flow.brand_slug, flow.url_slug, 'auth', 'initiate', ...Array.from({ length: 4 }, (_, i) => slugOf(SLUG_MAX, `return${i}`))].join('/')}`;
  expect(parseJourneyPath(pathname)).not.toBeNull();
  return pathname;
}

/** Every event the journey can emit for this offer of this flow, as the steps build them. */
function eventsFor(
  offer: Offer,
  flow: CheckoutFlow,
  options: { coupon: string | null; source: string | null; currentPage: string },
): JourneyEvent[] {
  const { campaignId } = flow;
  const page = { campaignId, currentPage: options.currentPage, timestamp: TIMESTAMP };
  const lines = buildQuote({ currencyCode: offer.currencyCode, items: [offer], coupon: null, taxRate: NO_TAX }).lines;
  const transaction = {
    id: transactionIdFor('idem-key-0123456789abcdef'),
    status: 'succeeded',
    livemode: false,
    createdAt: new Date(TIMESTAMP).toISOString(),
    invoice: {
      invoiceNumber: `INV-TEST-2026-${'9'.repeat(6)}`,
      currencyCode: offer.currencyCode,
      lines,
      subtotal: lines[0]!.amount,
      tax: 0,
      taxRate: NO_TAX,
      summaryTotal: { total: lines[0]!.amount, discount: { amount: 0, promoCode: options.coupon } },
    },
  } as unknown as TransactionView;
  // The offer card's markup, as the action scanner reads it back.
  const markup = JSON.parse(subscriptionIntentActions(offer.id, campaignId)) as { event: { position: string } }[];
  expect(markup[0]!.event.position).toBe(`offer-${offer.id}`);
  return [
    buildPageLoad(page),
    buildOfferPageLoad(page),
    buildSubscriptionIntent('hover', offer.id, campaignId),
    buildSubscriptionIntent('click', offer.id, campaignId),
    buildAddToCart(trackedItemFor(offer, campaignId), { timestamp: TIMESTAMP, source: options.source }),
    buildCartLoad(page),
    buildCartExitClick('magic-link', campaignId),
    buildCartExitClick('sign-in', campaignId),
    buildCreditCardWaypointLoad(page),
    buildFirstNameFocus(campaignId),
    ...(options.coupon ? [buildPromoCodeApply({ ...page, promoCode: options.coupon })] : []),
    buildAutoRenewalConsentVisible({
      timestamp: TIMESTAMP,
      campaignId,
      country: 'US',
      brand: flow.brand_slug,
      region: 'WA',
      page: options.currentPage,
    }),
    buildSuccessPageLoad(page),
    purchaseFor(transaction, campaignId, options.source, TIMESTAMP),
    buildSuccessMagicLinkClick(campaignId),
    buildMarketingPermissions({
      timestamp: TIMESTAMP,
      first_pp: true,
      third_pp: true,
      newsletter_perm: true,
      newsletter_perm_id: newsletterIdFor(flow.brand_slug),
      first_pp_other_brands: true,
      amg_uuid: '6f1c3a52-0b7e-4c1e-9a49-2f7f0d5b1e3a',
      email: `${'r'.repeat(64)}@${'d'.repeat(63)}.example.com`,
      country: 'US',
      brand: flow.brand_slug,
      campaignId,
    }),
  ];
}

/** Every event must pass the funnel (with and without context) and, where it goes there, the collector's data schema. */
function expectAccepted(events: JourneyEvent[], source: string | null): void {
  const context = { sessionId: 'a5b0f1de-61e4-4a55-9d3c-0f2b1c3d4e5f', source, livemode: false };
  for (const event of events) {
    for (const item of [funnelItemFor(event), funnelItemFor(event, context)]) {
      const check = checkFunnelItem(JSON.parse(JSON.stringify(item)));
      expect(check.ok ? [] : check.problems, `${event.name} ${JSON.stringify(event.payload).slice(0, 80)}`).toEqual([]);
    }
    const call = analyticsCallFor(event, { livemode: false, source });
    if (call?.kind !== 'self_describing') continue;
    const name = analyticsSchemaName(call.schema)!;
    const result = ANALYTICS_DATA_SCHEMAS[name].safeParse(JSON.parse(JSON.stringify(call.data)));
    expect(result.success ? [] : result.error.issues, `${name}`).toEqual([]);
    // And the tracker's field holding it (plain or base64url) within the collector's cap.
    const ue = JSON.stringify({ schema: UNSTRUCT_EVENT, data: { schema: call.schema, data: call.data } });
    expect(ue.length, `${name} ue_pr`).toBeLessThanOrEqual(COLLECTOR_FIELD_CAPS.ue_pr!);
    expect(Buffer.from(ue).toString('base64url').length, `${name} ue_px`).toBeLessThanOrEqual(COLLECTOR_FIELD_CAPS.ue_px!);
  }
}

describe("the catalogue's limits are within the server's", () => {
  it("fits the entities of the longest campaign and source within the collector's cap", () => {
    const co = JSON.stringify({
      schema: 'iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/1-0-0',
      data: [
        {
          schema: ANALYTICS_SCHEMAS.checkout_context,
          data: { campaignId: 'c'.repeat(200), livemode: false, source: 's'.repeat(SOURCE_MAX) },
        },
        { schema: WEB_PAGE_ENTITY, data: { id: 'a5b0f1de-61e4-4a55-9d3c-0f2b1c3d4e5f' } },
      ],
    });
    expect(co.length).toBeLessThanOrEqual(COLLECTOR_FIELD_CAPS.co!);
    expect(Buffer.from(co).toString('base64url').length).toBeLessThanOrEqual(COLLECTOR_FIELD_CAPS.cx!);
  });

  it('states the limits this test builds to, at the boundary', () => {
    const file = maximalCatalogue();
    expect(parseCatalogueFile(file).ok).toBe(true);
    const over = (mutate: (f: CatalogueFileInput) => void) => {
      const copy = structuredClone(file);
      mutate(copy);
      return parseCatalogueFile(copy).ok;
    };
    expect(over((f) => void (f.offers[0]!.description = `${f.offers[0]!.description}x`))).toBe(false);
    expect(over((f) => void (f.offers[0]!.name = `${f.offers[0]!.name}x`))).toBe(false);
    expect(over((f) => void (f.checkoutFlows[0]!.campaignId = `${f.checkoutFlows[0]!.campaignId}x`))).toBe(false);
    expect(over((f) => void (f.coupons[0]!.code = `${f.coupons[0]!.code}X`))).toBe(false);
    expect(over((f) => void (f.offers[0]!.id = `${f.offers[0]!.id}9`))).toBe(false);
    expect(parseSource('s'.repeat(SOURCE_PARAMETER_MAX))).toEqual({ ok: true, value: 's'.repeat(SOURCE_PARAMETER_MAX) });
    expect(parseSource('s'.repeat(SOURCE_PARAMETER_MAX + 1)).ok).toBe(false);
    // And the server's caps are at least those.
    expect(ITEM_NAME_MAX).toBeGreaterThanOrEqual(Math.max(DESCRIPTION_MAX, OFFER_NAME_MAX));
    expect(SOURCE_MAX).toBeGreaterThanOrEqual(SOURCE_PARAMETER_MAX);
  });

  it('accepts every event of every offer of the demo catalogue', () => {
    const file = parsed(JSON.parse(fs.readFileSync(path.join(ROOT, 'data/demo-catalogue.json'), 'utf8')));
    const { offers, flows, coupons } = domainOf(file);
    expect(offers.length).toBe(file.offers.length);
    for (const offer of offers) {
      // A cross-sell offer is bought beside a plan of its brand's flows; a plan in its own flows.
      const flowsOfOffer = flows.filter((flow) => flow.brand_slug === offer.brand.slug);
      expect(flowsOfOffer.length, `offer ${offer.id} has a flow`).toBeGreaterThan(0);
      for (const flow of flowsOfOffer) {
        for (const source of [null, 'newsletter']) {
          expectAccepted(
            eventsFor(offer, flow, { coupon: coupons[0] ?? null, source, currentPage: `/${flow.brand_slug}/${flow.url_slug}/cart` }),
            source,
          );
        }
      }
    }
  });

  it("accepts every event of an offer, flow and coupon at the catalogue's maximum lengths, from the longest journey path and source", () => {
    const { offers, flows, coupons } = domainOf(parsed(maximalCatalogue()));
    const flow = flows[0]!;
    expect(offers.map((offer) => offer.description.length)).toEqual([DESCRIPTION_MAX, DESCRIPTION_MAX]);
    expect(flow.campaignId).toHaveLength(CAMPAIGN_ID_MAX);
    const source = `newsletter|${'s'.repeat(SOURCE_PARAMETER_MAX)}`.slice(0, SOURCE_PARAMETER_MAX);
    expect(parseSource(source)).toEqual({ ok: true, value: source });
    for (const offer of offers) {
      expectAccepted(eventsFor(offer, flow, { coupon: coupons[0]!, source, currentPage: longestJourneyPath(flow) }), source);
    }
  });

  it('refuses a cart line name just over the longest description', () => {
    const { offers, flows } = domainOf(parsed(maximalCatalogue()));
    const item = trackedItemFor({ ...offers[0]!, description: `${offers[0]!.description}x` }, flows[0]!.campaignId);
    const check = checkFunnelItem(funnelItemFor(buildAddToCart(item, { timestamp: TIMESTAMP, source: null })));
    expect(check).toEqual({ ok: false, problems: [`payload.item.name: must be at most ${ITEM_NAME_MAX} characters`] });
  });
});
