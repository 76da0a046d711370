import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { testDb } from '@/tests/fixtures/testDb';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { cartCookieName, encodeCartSelection } from '@/lib/cart/cartSelection';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import type { Database } from '@/lib/server/db/schema';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { abusePolicy } from '@/lib/server/checkout/abuseLimits';
import { applyGatewayEvent } from '@/lib/server/checkout/reconcile';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import type { StepLoaderContext } from '@/lib/server/ssr/stepLoader';
import { loadOrderStep } from './orderView';

/**
 * Security finding 6 (issue 24): a promo code saved in the cart cookie was priced on every
 * order step with no limit, an oracle beside the quote endpoint's. It is now limited and
 * counted alike, and a used-up code is said on the page.
 */
let snapshot: CatalogueSnapshot;
let db: Kysely<Database>;
const clock = new Date('2026-11-21T12:00:00Z');
const now = () => clock;

beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** A page of a campaign in a language: Vogue's single offer in English unless said otherwise. */
interface Page {
  brand: string;
  urlSlug: string;
  offerId: string;
  locale: string;
}
const VOGUE: Page = { brand: 'vogue', urlSlug: 'demo-single', offerId: '1001', locale: 'en-US' };
/** The Canadian English campaign's private steps in the French it offers a Quebec buyer. */
const QUEBEC: Page = { brand: 'newyorker', urlSlug: 'demo-ca', offerId: '2201', locale: 'fr-CA' };

/** The promo-code step of a campaign in test mode, with this code saved in the cart. */
function promoStep(promoCode: string, page: Page = VOGUE): StepLoaderContext {
  const { locale } = page;
  const flow = snapshot.flowsByPath.get(flowKey(page.brand, page.urlSlug))!;
  const cookies = {
    [cartCookieName(flow.campaignId)]: encodeCartSelection({ offerId: page.offerId, addOnIds: [], promoCode, country: null, region: null }),
  };
  return {
    req: { headers: {}, cookies, socket: { remoteAddress: '203.0.113.9' } },
    res: { statusCode: 200, appendHeader: () => undefined },
    base: `/${page.brand}/${page.urlSlug}`,
    search: '?livemode=false',
    returnSegments: [],
    mode: { livemode: false, source: null },
    locale,
    flow,
    snapshot,
    now: clock,
    server: {
      db,
      clock: now,
      config: {
        CHECKOUT_SUBMITS_PER_CLIENT_LIVE: 10,
        CHECKOUT_SUBMITS_PER_CLIENT_TEST: 300,
        CHECKOUT_QUOTES_PER_CLIENT: 600,
        TRUSTED_PROXIES: [],
        TRUSTED_PROXY_HOPS: 0,
      },
    },
  } as unknown as StepLoaderContext;
}

describe('a promo code saved in the cart', () => {
  it('is said used up once its cap is reached in the journey mode, and the total stays whole', async () => {
    const gateway = new SandboxGateway(db, async (event) => void (await applyGatewayEvent(db, event, now)), now);
    const before = await loadOrderStep(promoStep('ONEONLY'));
    expect(before.order?.quote?.coupon).toEqual({ code: 'ONEONLY', applied: true });
    await submitCheckout(
      { db, gateways: [gateway], now },
      snapshot,
      submitRequestSchema.parse(submitRequestFixture({ couponCode: 'ONEONLY' })),
    );

    const after = await loadOrderStep(promoStep('ONEONLY'));
    expect(after.order?.quote?.coupon).toMatchObject({ code: 'ONEONLY', applied: false, reason: 'used_up' });
    expect(after.order?.quote?.quote).toMatchObject({ discount: 0, total: 2500 });
  });

  it('counts against the client as a code tried on the quote endpoint, and stops being looked up past the limit', async () => {
    const { limit } = abusePolicy().couponFailuresPerClient;
    for (let i = 0; i < limit; i += 1) {
      expect((await loadOrderStep(promoStep(`GUESS${i}`))).order?.quote?.coupon).toMatchObject({ applied: false, reason: 'unknown' });
    }
    const over = await loadOrderStep(promoStep('SAVE20'));
    expect(over.order?.quote).toBeNull();
    expect(over.order?.quoteError).toMatch(/^Too many promo codes that could not be used were tried from your connection/);
    // In the page's language, as the quote route says it.
    expect((await loadOrderStep(promoStep('SAVE20', QUEBEC))).order?.quoteError).toMatch(
      /^Trop de codes promo inutilisables ont été essayés depuis votre connexion\. Patientez /,
    );
  });
});
