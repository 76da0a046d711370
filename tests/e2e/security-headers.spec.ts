import { expect, test } from '@playwright/test';
import { ADMIN_HEADERS, sandboxSubmitBody } from './support';

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
};

test('every answer forbids sniffing and framing, keeps referrers short, and allows payment features on the payment step only', async ({
  request,
}) => {
  const offer = await request.get('/vogue/demo-single?livemode=false');
  const payment = await request.get('/vogue/demo-single/credit-card?livemode=false');
  const api = await request.get('/api/ping');
  const admin = await request.get('/admin/funnel');
  for (const answer of [offer, payment, api, admin]) {
    const { 'content-security-policy': policy, ...rest } = SECURITY;
    expect(answer.headers()).toMatchObject(rest);
    // Pages send their full policy (content-security.spec.ts), which forbids framing too.
    expect(answer.headers()['content-security-policy']).toContain(policy);
  }
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
    data: sandboxSubmitBody('etag@example.com'),
  });
  expect(submit.status()).toBe(200);
  expect(await submit.json()).toMatchObject({ status: 'succeeded' });
  const page = await request.get('/vogue/demo-single?livemode=false', { headers: { 'if-none-match': '*' } });
  expect(page.status()).toBe(200);
});
