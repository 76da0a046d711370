// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAddToCart, buildOfferPageLoad, buildPageLoad, funnelItemFor } from '@/lib/tracking/events';
import { buildCartExitClick, buildMarketingPermissions, buildPurchase } from '@/lib/tracking/orderEvents';
import { createFunnelClient } from '@/lib/tracking/funnelClient';
import type { EventContext } from '@/lib/tracking/pipeline';
import { ANALYTICS_SCHEMAS } from '@/lib/tracking/schemaRegistry';
import { createSegmentationClient } from '@/lib/tracking/segmentation';
import { createMemoryTransport } from '@/lib/tracking/transports/memoryTransport';
import { analyticsCallFor } from './analyticsEvents';
import { createDataLayerDestination } from './dataLayerDestination';
import { ALL_GROUPS, trackingConsentFor } from '@/lib/tracking/consent/consentGroups';

// Loading the tag manager hooks the router's back/forward (lib/browser/paymentPageIsolation.ts).
vi.mock('next/router', () => ({ default: { beforePopState: () => undefined } }));
import { createFunnelDestination } from './funnelDestination';
import { createSegmentationDestination } from './segmentationDestination';

const context: EventContext = { sessionId: 's-1', source: 'newsletter', livemode: false, page: '/vogue/demo-single', mode: 'anonymous' };
const page = { campaignId: 'c1', currentPage: '/vogue/demo-single', timestamp: 1 };
const item = { id: '1001', name: 'Digital', price: 2500, currency: '$', currencyCode: 'USD', campaignId: 'c1' };
const purchase = buildPurchase({
  timestamp: 2,
  campaignId: 'c1',
  transactionId: 'tx_1',
  invoiceNumber: 'INV-1',
  currencyCode: 'USD',
  revenue: 2000,
  tax: 0,
  coupon: null,
  targeter: 'newsletter',
  items: [item],
});

afterEach(() => {
  delete (window as { dataLayer?: unknown }).dataLayer;
  document.head.innerHTML = '';
});

describe('funnel destination', () => {
  it('sends each event with its context through the funnel client', async () => {
    const beacon = createMemoryTransport({ kind: 'beacon' });
    const client = createFunnelClient({
      url: '/martech/api/funnel',
      apiKey: 'key-123456',
      livemode: false,
      transports: { beacon },
      win: null,
    });
    const destination = createFunnelDestination(client);
    destination.send(buildOfferPageLoad(page), context);
    destination.send(buildCartExitClick('sign-in', 'c1'), context);
    await client.flush();
    expect(beacon.sent).toHaveLength(1);
    expect(beacon.sent[0]!.url).toBe('/martech/api/funnel?api_key=key-123456&livemode=false');
    const ctx = { sessionId: 's-1', source: 'newsletter', livemode: false };
    expect(JSON.parse(beacon.sent[0]!.body)).toEqual([
      funnelItemFor(buildOfferPageLoad(page), ctx),
      funnelItemFor(buildCartExitClick('sign-in', 'c1'), ctx),
    ]);
  });

  it("adds the page's experiment to the context only when the page has one (issue 41)", async () => {
    const beacon = createMemoryTransport({ kind: 'beacon' });
    const client = createFunnelClient({
      url: '/martech/api/funnel',
      apiKey: 'key-123456',
      livemode: false,
      transports: { beacon },
      win: null,
    });
    const destination = createFunnelDestination(client);
    const experiment = { id: 'exp_0123456789abcdef', variant: 'B' } as const;
    destination.send(buildOfferPageLoad(page), { ...context, experiment });
    destination.send(buildOfferPageLoad(page), context);
    destination.send(buildOfferPageLoad(page), { ...context, experiment: undefined });
    await client.flush();
    const sent = JSON.parse(beacon.sent[0]!.body) as { _context: Record<string, unknown> }[];
    const ctx = { sessionId: 's-1', source: 'newsletter', livemode: false };
    expect(sent.map((item) => item._context)).toEqual([{ ...ctx, experiment }, ctx, ctx]);
    // Absent, not null: an unmarked page's items are what they were before experiments.
    expect(sent.slice(1).every((item) => !('experiment' in item._context))).toBe(true);
  });
});

describe('segmentation destination', () => {
  it('adds the offer page segment and removes it on purchase; other events send nothing', async () => {
    const pixel = createMemoryTransport({ kind: 'pixel' });
    const destination = createSegmentationDestination(createSegmentationClient('/user-context/segmentation', pixel));
    expect(destination.purpose).toBe('targeting');
    destination.send(buildPageLoad(page), context);
    destination.send(buildOfferPageLoad(page), context);
    destination.send(purchase, context);
    await Promise.resolve();
    expect(pixel.sent.map((request) => request.url)).toEqual([
      '/user-context/segmentation/add?segment=mtu.v',
      '/user-context/segmentation/remove?segment=mtu.v',
    ]);
  });
});

describe('data-layer destination', () => {
  it('pushes GA4 add_to_cart and purchase entries, clearing ecommerce before each', () => {
    const destination = createDataLayerDestination({ win: window, trackingId: null });
    destination.send(buildAddToCart(item, { timestamp: 1, source: 'newsletter' }), context);
    destination.send(purchase, context);
    destination.send(buildOfferPageLoad(page), context);
    const layer = (window as { dataLayer?: Record<string, unknown>[] }).dataLayer!;
    expect(layer.map((entry) => entry.event ?? (entry.ecommerce === null ? 'clear' : '?'))).toEqual([
      'clear',
      'add_to_cart',
      'clear',
      'purchase',
    ]);
    expect(layer[3]).toMatchObject({ ecommerce: { shipping: 0, transaction_id: 'tx_1' }, targeter: 'newsletter' });
    expect(document.querySelector('script')).toBeNull();
  });

  it('loads the tag manager container once, only when consent allows it', () => {
    const destination = createDataLayerDestination({ win: window, trackingId: 'GTM-ABC123' });
    expect(document.querySelector('script')).toBeNull();
    destination.setConsent?.(trackingConsentFor({ decided: true, groups: ALL_GROUPS }, 'anonymous-first'));
    destination.send(buildAddToCart(item, { timestamp: 1, source: null }), context);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
  });

  it('survives a broken data layer (logged, not thrown)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    (window as { dataLayer?: unknown }).dataLayer = 'not an array';
    const destination = createDataLayerDestination({ win: window, trackingId: null });
    expect(() => destination.send(purchase, context)).not.toThrow();
    expect(error).toHaveBeenCalled();
  });
});

describe('analyticsCallFor', () => {
  it('sends page loads as page views', () => {
    expect(analyticsCallFor(buildPageLoad(page), context)).toEqual({ kind: 'page_view' });
  });

  it.each([
    [buildOfferPageLoad(page), ANALYTICS_SCHEMAS.checkout_waypoint],
    [buildCartExitClick('sign-in', 'c1'), ANALYTICS_SCHEMAS.checkout_interaction],
    [buildAddToCart(item, { timestamp: 1, source: null }), ANALYTICS_SCHEMAS.checkout_add_to_cart],
    [purchase, ANALYTICS_SCHEMAS.checkout_purchase],
  ])('sends %j as a self-describing event of its registered schema', (event, schema) => {
    expect(analyticsCallFor(event, context)).toEqual({
      kind: 'self_describing',
      schema,
      data: { ...event.payload, livemode: false, source: 'newsletter' },
    });
  });

  it('keeps marketing permissions (an e-mail address) out of analytics', () => {
    const permissions = buildMarketingPermissions({
      timestamp: 1,
      first_pp: false,
      third_pp: false,
      newsletter_perm: false,
      first_pp_other_brands: false,
      amg_uuid: null,
      email: 'ada@example.com',
      country: 'US',
      brand: 'vogue',
      campaignId: 'c1',
    });
    expect(analyticsCallFor(permissions, context)).toBeNull();
  });
});
