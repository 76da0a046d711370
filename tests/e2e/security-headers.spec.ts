import { expect, test } from '@playwright/test';
import { ADMIN_HEADERS } from './support';

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
};

test('every answer forbids sniffing and framing, keeps referrers short, and allows payment features on the payment step only', async ({ request }) => {
  const offer = await request.get('/vogue/demo-single?livemode=false');
  const payment = await request.get('/vogue/demo-single/credit-card?livemode=false');
  const api = await request.get('/api/ping');
  const admin = await request.get('/admin/funnel');
  for (const answer of [offer, payment, api, admin]) expect(answer.headers()).toMatchObject(SECURITY);
  expect(offer.headers()['permissions-policy']).toMatch(/^payment=\(\),/);
  expect(payment.headers()['permissions-policy']).toMatch(/^payment=\(self "https:\/\/js\.stripe\.com"\),/);
  const html = await offer.text();
  const script = html.match(/<script[^>]+src="([^"]+)"/)![1]!;
  expect((await request.get(script)).headers()['x-content-type-options']).toBe('nosniff');
});

test("operators' answers are never cached", async ({ request }) => {
  const transactions = await request.get('/api/admin/transactions?limit=1', { headers: ADMIN_HEADERS });
  expect(transactions.status()).toBe(200);
  expect(transactions.headers()['cache-control']).toBe('no-store');
  expect((await request.get('/api/admin/outbox', { headers: ADMIN_HEADERS })).headers()['cache-control']).toBe('no-store');
  expect((await request.get('/admin/funnel')).headers()['cache-control']).toMatch(/\bno-store\b/);
});

test('a payment asked for with If-None-Match is answered in full, never 304', async ({ request }) => {
  const submit = await request.post('/api/checkout/submit', {
    headers: { 'if-none-match': '*' },
    data: {
      idempotencyKey: '5c1d3c5e-3e4f-4a51-9a55-2f4a5c1b9e88',
      brand: 'vogue',
      urlSlug: 'demo-single',
      offerId: '1001',
      addOnIds: [],
      billing: { email: 'etag@example.com', firstName: 'Ada', lastName: 'Reader', country: 'GB' },
      autoRenewalConsent: false,
      payment: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      livemode: false,
      source: null,
      returnPath: '/vogue/demo-single/credit-card?livemode=false',
    },
  });
  expect(submit.status()).toBe(200);
  expect(await submit.json()).toMatchObject({ status: 'succeeded' });
  const page = await request.get('/vogue/demo-single?livemode=false', { headers: { 'if-none-match': '*' } });
  expect(page.status()).toBe(200);
});
