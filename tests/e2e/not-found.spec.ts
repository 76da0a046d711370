import { expect, test } from '@playwright/test';

const NOT_FOUND = [
  '/',
  '/vogue',
  '/vogue/no-such-campaign',
  '/no-such-brand/demo-single',
  '/vogue/demo-single/no-such-step',
  '/vogue/demo-single/cart/extra',
  '/vogue/demo-single/promo-code/extra',
  '/Vogue/demo-single',
  '/vogue%2Fdemo-single',
  '/vogue/demo-single%2Fcart',
  '/vogue/demo-single/%2e%2e%2fcart',
  '/vogue/%2e%2e/demo-single',
  `/vogue/${'a'.repeat(300)}`,
  `/vogue/demo-single/${'cart-'.repeat(400)}`,
  '/vog%C3%BCe/demo-single',
  '/vogue/demo-single/%F0%9F%9B%92',
  '/vogue/demo%E2%80%8Bsingle',
  '/vogue/demo-single/%EF%BC%8Fcart',
];

for (const path of NOT_FOUND) {
  test(`404 for ${path.length > 60 ? `${path.slice(0, 60)}…` : path}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
}

test('a path that cannot be decoded answers 400 with a readable page, not a 500', async ({ request }) => {
  const response = await request.get('/vogue/demo-single/%E0%A4%A');
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('This link is not quite right');
});

test('the Epicurious campaign on a foreign host is sent to /404', async ({ request }) => {
  const response = await request.get('/epicurious/demo-preauth', { headers: { host: 'www.vogue.com' }, maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe('/404');
});

test('a journey page refuses POST with 405 and says so', async ({ request }) => {
  const response = await request.post('/vogue/demo-single', { data: { offer: '1001' } });
  expect(response.status()).toBe(405);
  expect(response.headers().allow).toBe('GET, HEAD');
  expect(await response.text()).toContain('This page can only be opened, not sent data.');
});
