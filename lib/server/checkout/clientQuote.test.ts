import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { testDb } from '@/tests/fixtures/testDb';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { quoteRequestSchema, type QuoteRequestInput } from '@/lib/checkout/quoteContract';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import type { Database } from '@/lib/server/db/schema';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { HttpError } from '@/lib/server/http/HttpError';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { abusePolicy } from './abuseLimits';
import { CheckoutLimits } from './CheckoutLimits';
import { clientQuoteDeps, quoteForClient } from './clientQuote';
import { applyGatewayEvent } from './reconcile';
import { submitCheckout } from './submitService';

/**
 * Security finding 6 (issue 24): the quote endpoint confirmed guessed codes, any brand's,
 * as fast as they were sent. Now a code of another brand is answered as an unknown one,
 * failed codes are limited per client, and a used-up code is said on the promo step.
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

const limitsOf = (client: string) => new CheckoutLimits(new RateLimiter(db, now), abusePolicy(), client, now);
const quote = (input: QuoteRequestInput, client = 'client-a') =>
  quoteForClient(clientQuoteDeps(db, limitsOf(client)), snapshot, quoteRequestSchema.parse(input), clock);
const dual = { brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2001' };
const single = { brand: 'vogue', urlSlug: 'demo-single', offerId: '1001' };

describe('quoteForClient', () => {
  it('answers a code of another brand exactly as a code that does not exist', async () => {
    const elsewhere = await quote({ ...dual, couponCode: 'VOGUE15' });
    const unknown = await quote({ ...dual, couponCode: 'VOGUE16' });
    expect(elsewhere.coupon).toEqual({
      code: 'VOGUE15',
      applied: false,
      reason: 'unknown',
      message: '"VOGUE15" is not a valid promo code.',
    });
    expect({ ...unknown.coupon, code: 'VOGUE15', message: '' }).toEqual({ ...elsewhere.coupon, message: '' });
    expect(elsewhere.quote).toEqual(unknown.quote);
    expect((await quote({ ...single, couponCode: 'VOGUE15' })).coupon).toEqual({ code: 'VOGUE15', applied: true });
  });

  it('refuses a client that tried too many codes that could not be used, and no other', async () => {
    const { limit } = abusePolicy().couponFailuresPerClient;
    for (let i = 0; i < limit; i += 1) expect((await quote({ ...dual, couponCode: `GUESS${i}` })).coupon?.applied).toBe(false);
    const refused = await quote({ ...dual, couponCode: 'SAVE20' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect((refused as HttpError).message).toMatch(
      /^Too many promo codes that could not be used were tried from your connection\. Please wait/,
    );
    // Quotes without a code still price the order; another client is not held back.
    expect((await quote(dual)).quote.total).toBe(9900);
    expect((await quote({ ...dual, couponCode: 'SAVE20' }, 'client-b')).coupon).toEqual({ code: 'SAVE20', applied: true });
  });

  it('does not count codes that were applied', async () => {
    const { limit } = abusePolicy().couponFailuresPerClient;
    for (let i = 0; i <= limit; i += 1) expect((await quote({ ...dual, couponCode: 'SAVE20' })).coupon?.applied).toBe(true);
  });

  it('says on the promo step that a capped code is used up, in the journey mode, and keeps the total', async () => {
    const gateway = new SandboxGateway(db, async (event) => void (await applyGatewayEvent(db, event, now)), now);
    const paid = await submitCheckout(
      { db, gateways: [gateway], now },
      snapshot,
      submitRequestSchema.parse(submitRequestFixture({ couponCode: 'ONEONLY' })),
    );
    expect(paid.response.status).toBe('succeeded');

    const test = await quote({ ...single, couponCode: 'oneonly', livemode: false });
    expect(test.coupon).toEqual({
      code: 'ONEONLY',
      applied: false,
      reason: 'used_up',
      message: 'The promo code ONEONLY has been used as many times as it can be, so it no longer gives a discount.',
    });
    expect(test.quote).toMatchObject({ discount: 0, total: 2500 });
    // Live redemptions are counted apart: none yet.
    expect((await quote({ ...single, couponCode: 'ONEONLY' })).coupon).toEqual({ code: 'ONEONLY', applied: true });
  });
});
