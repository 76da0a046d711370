import { describe, expect, it } from 'vitest';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';

/**
 * A campaign past its end date through the checkout routes as a browser calls them (Next's
 * own API resolver, the sandbox, the demo catalogue's vogue/demo-ended): refused with our
 * JSON error shape before anything is written or charged.
 */
await serveRoutesWithServerContext(
  {},
  [
    [/^\/api\/checkout\/submit$/, () => import('@/pages/api/checkout/submit')],
    [/^\/api\/checkout\/quote$/, () => import('@/pages/api/checkout/quote')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const post = (path: string, body: unknown) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const ENDED = { error: { code: 'campaign_ended', message: 'This offer has ended.' } };

describe('an ended campaign at the checkout routes', () => {
  it('POST /api/checkout/quote answers 410 campaign_ended', async () => {
    const response = await post('/api/checkout/quote', { brand: 'vogue', urlSlug: 'demo-ended', offerId: '1001' });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual(ENDED);
  });

  it('POST /api/checkout/submit answers 410 campaign_ended and records no order', async () => {
    const body = submitRequestFixture({ urlSlug: 'demo-ended', returnPath: '/vogue/demo-ended/credit-card', source: null });
    const response = await post('/api/checkout/submit', body);
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual(ENDED);
    expect(await (await appDb()).selectFrom('transactions').select('id').execute()).toEqual([]);
  });

  it('the same offer in a campaign on sale is priced', async () => {
    const response = await post('/api/checkout/quote', { brand: 'vogue', urlSlug: 'demo-single', offerId: '1001' });
    expect(response.status).toBe(200);
  });
});
