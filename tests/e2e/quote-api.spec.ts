import { expect, test } from '@playwright/test';

const QUOTE = '/api/checkout/quote';
const dual = { brand: 'newyorker', urlSlug: 'demo-dual' };

test('prices an offer with a promo code and tax from the catalogue', async ({ request }) => {
  const response = await request.post(QUOTE, { data: { ...dual, offerId: '2001', couponCode: 'SAVE20', country: 'US', region: 'WA' } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.quote).toMatchObject({ currencyCode: 'USD', subtotal: 9900, discount: 1980, tax: 515, total: 8435 });
  expect(body.coupon).toEqual({ code: 'SAVE20', applied: true });
  expect(body.autoRenewalConsentRequired).toBe(false);
});

test('ignores any price the browser sends', async ({ request }) => {
  const response = await request.post(QUOTE, { data: { ...dual, offerId: '2001', total: 1 } });
  expect(response.status()).toBe(400);
  expect((await response.json()).error.details).toEqual(['body: Unrecognized key: "total"']);
});

test.describe('bad input gets a 4xx with a message', () => {
  test('wrong method', async ({ request }) => {
    const response = await request.get(QUOTE);
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe('POST');
    expect((await response.json()).error.code).toBe('method_not_allowed');
  });

  test('malformed JSON', async ({ request }) => {
    const response = await request.post(QUOTE, {
      headers: { 'content-type': 'application/json' },
      data: Buffer.from('{"brand": "newyorker",'),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  test('a body that is not JSON', async ({ request }) => {
    const response = await request.post(QUOTE, { form: { brand: 'newyorker' } });
    expect(response.status()).toBe(415);
    expect((await response.json()).error.code).toBe('unsupported_media_type');
  });

  test('oversized body', async ({ request }) => {
    const response = await request.post(QUOTE, { data: { ...dual, offerId: '2001', couponCode: 'X'.repeat(10_000) } });
    expect(response.status()).toBe(413);
    // Our JSON error shape, not Next's plain-text "Body exceeded 4kb limit".
    expect((await response.json()).error).toEqual({ code: 'payload_too_large', message: expect.stringContaining('4 KiB') });
  });

  test('missing and malformed fields', async ({ request }) => {
    const response = await request.post(QUOTE, { data: { brand: 'New Yorker', offerId: 7 } });
    expect(response.status()).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_body');
    expect(error.details).toEqual(
      expect.arrayContaining(['brand: must be a brand slug', expect.stringMatching(/^urlSlug: /), expect.stringMatching(/^offerId: /)]),
    );
  });

  test('unknown campaign', async ({ request }) => {
    const response = await request.post(QUOTE, { data: { brand: 'vogue', urlSlug: 'gone', offerId: '1001' } });
    expect(response.status()).toBe(404);
    expect((await response.json()).error).toEqual({ code: 'campaign_not_found', message: 'This offer is no longer available.' });
  });
});

test('the Stripe webhook endpoint says so when Stripe is not configured', async ({ request }) => {
  const response = await request.post('/api/webhooks/stripe', { headers: { 'stripe-signature': 't=1,v1=x' }, data: '{}' });
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe('webhooks_disabled');
});

test('the sandbox bank refuses an unknown payment and a malformed answer', async ({ request }) => {
  const unknown = await request.post('/api/sandbox/payments/pi_sandbox_aaaaaaaaaaaaaaaaaaaa/authenticate', {
    data: { outcome: 'approve' },
  });
  expect(unknown.status()).toBe(404);
  const malformed = await request.post('/api/sandbox/payments/nope/authenticate', { data: { outcome: 'maybe' } });
  expect(malformed.status()).toBe(400);
});
