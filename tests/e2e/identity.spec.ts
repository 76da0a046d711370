import { expect, test, type Page } from '@playwright/test';
import { OfferPage } from './pages/OfferPage';
import { CartPage } from './pages/CartPage';
import { CheckoutPage, SuccessPage } from './pages/CheckoutPage';
import { AccountSignInPage, SignInConfirmPage } from './pages/AccountSignInPage';
import { linkFromOutbox } from './support';

/*
 * A link asked for through the page (its form, or page.request, which shares the page's
 * cookies) carries that browser's nonce: opening it there signs in at once. A link asked
 * for through the `request` fixture (a cookie jar of its own) is another browser's: the page
 * shows "Sign in as …?" and only Confirm signs in.
 */

/** The names of the page's cookies. */
async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name);
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();
}

test('pre-auth campaign: anonymous visitor → auth/initiate with the query, magic link → back to the page → purchase', async ({ page }) => {
  const email = `preauth.${Date.now()}@example.com`;
  await page.goto('/epicurious/demo-preauth?livemode=false&source=e2e');
  await page.waitForURL(/\/epicurious\/demo-preauth\/auth\/initiate\?livemode=false&source=e2e$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Continue with your email');
  await askForLink(page, email);

  const link = await linkFromOutbox(email);
  expect(link).toMatch(/\/epicurious\/demo-preauth\/auth\/complete\?livemode=false&token=[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  await page.waitForURL(/\/epicurious\/demo-preauth\?livemode=false&source=e2e$/);
  const offers = new OfferPage(page);
  await expect(offers.headline).toHaveText('Become an Epicurious Insider');

  await offers.choose('Epicurious Insider');
  await (await CartPage.expectOpen(page)).page.getByRole('link', { name: 'Continue to payment' }).click();
  const checkout = await CheckoutPage.expectOpen(page);
  await checkout.fillBilling({ email });
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submit();
  await SuccessPage.expectOpen(page);

  // A test-mode order is never a subscription (only a live, paid order bought while signed in
  // is, see journeyPage.test.ts): the cart still sells it.
  await page.goto('/epicurious/demo-preauth?livemode=false&source=e2e');
  await offers.choose('Epicurious Insider');
  await expect(page.getByRole('link', { name: 'Continue to payment' })).toBeVisible();
  await expect(page.getByText('You already subscribe to Epicurious.')).toHaveCount(0);
});

test('a sign-in link works once, then says it was used', async ({ page, browser }) => {
  const email = `once.${Date.now()}@example.com`;
  await page.goto('/vogue/demo-single/auth/initiate/cart?method=sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Vogue');
  await askForLink(page, email);
  const link = await linkFromOutbox(email);
  await page.goto(link);
  await page.waitForURL(/\/vogue\/demo-single\/cart$/);

  const other = await browser.newPage();
  const response = await other.goto(link);
  expect(response?.status()).toBe(410);
  await expect(other.getByRole('alert').filter({ hasText: 'sign-in link' })).toHaveText(
    'This sign-in link has already been used: each link works once.',
  );
  await other.close();
});

test('a tampered link is refused', async ({ page }) => {
  const response = await page.goto(`/vogue/demo-single/auth/complete?token=${'A'.repeat(43)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: 'sign-in link' })).toHaveText(
    'This sign-in link is not valid. It may have been copied incompletely.',
  );
});

test('a return path off the journey falls back to the campaign page', async ({ page }) => {
  const email = `redirect.${Date.now()}@example.com`;
  const ask = await page.request.post('/api/identity/links', {
    data: { email, purpose: 'magic-link', brand: 'vogue', urlSlug: 'demo-single', returnPath: '//evil.example/vogue/demo-single' },
  });
  expect(ask.status()).toBe(202);
  await page.goto(await linkFromOutbox(email));
  await page.waitForURL(/\/vogue\/demo-single$/);
  const landed = new URL(page.url());
  expect(landed.pathname).toBe('/vogue/demo-single');
  expect(landed.hostname).toBe('127.0.0.1');
});

test('verify and profile answer as the spec says without a session', async ({ request }) => {
  const verify = await request.get('/martech/api/user/v2/authenticate/verify', {
    headers: { accept: 'application/json', livemode: 'false' },
  });
  expect(verify.status()).toBe(401);
  expect(await verify.json()).toEqual({ error: { code: 401, status: 'MISSING' } });
  const invalid = await request.get('/martech/api/user/v2/authenticate/verify', { headers: { cookie: 'CN_token_access=forged' } });
  expect(await invalid.json()).toEqual({ error: { code: 401, status: 'INVALID' } });
  const badHeader = await request.get('/martech/api/user/v2/authenticate/verify', { headers: { livemode: 'perhaps' } });
  expect(badHeader.status()).toBe(400);
  const profile = await request.get('/martech/api/user/v2/profile');
  expect(profile.status()).toBe(401);
});

test('sign-in links are rate-limited per address, with a readable answer', async ({ request }) => {
  const email = `limit.${Date.now()}@example.com`;
  const ask = () =>
    request.post('/api/identity/links', {
      data: { email, purpose: 'magic-link', brand: 'vogue', urlSlug: 'demo-single', returnPath: '/vogue/demo-single' },
    });
  for (let i = 0; i < 5; i += 1) expect((await ask()).status()).toBe(202);
  const limited = await ask();
  expect(limited.status()).toBe(429);
  expect((await limited.json()).error.message).toBe('Too many sign-in links were asked for. Please wait 15 minutes and try again.');
});

test('a forged Host header cannot point a sign-in link at another site', async ({ request }) => {
  const response = await request.post('/api/identity/links', {
    headers: { host: 'evil.example' },
    data: {
      email: `victim.${Date.now()}@example.com`,
      purpose: 'magic-link',
      brand: 'vogue',
      urlSlug: 'demo-single',
      returnPath: '/vogue/demo-single',
    },
  });
  expect(response.status()).toBe(503);
  expect((await response.json()).error.code).toBe('public_origin_missing');
});

test('a link scanner that only asks for the headers does not use up the link', async ({ page }) => {
  const email = `scanned.${Date.now()}@example.com`;
  await page.request.post('/api/identity/links', {
    data: { email, purpose: 'magic-link', brand: 'vogue', urlSlug: 'demo-single', returnPath: '/vogue/demo-single/cart' },
  });
  const link = await linkFromOutbox(email);
  // Even from the browser that asked (its nonce cookie along), a HEAD changes nothing.
  const head = await page.request.head(link, { maxRedirects: 0 });
  expect(head.status()).toBe(200);
  expect(head.headers()['referrer-policy']).toBe('no-referrer');
  expect(head.headers()['set-cookie']).toBeUndefined();
  await page.goto(link);
  await page.waitForURL(/\/vogue\/demo-single\/cart$/);
});

test('a mail scanner that follows the link (GET, another browser) does not use it up either', async ({ page, request }) => {
  const email = `followed.${Date.now()}@example.com`;
  await page.request.post('/api/identity/links', {
    data: { email, purpose: 'magic-link', brand: 'vogue', urlSlug: 'demo-single', returnPath: '/vogue/demo-single/cart' },
  });
  const link = await linkFromOutbox(email);
  const scanned = await request.get(link, { maxRedirects: 0 });
  expect(scanned.status()).toBe(200);
  expect(await scanned.text()).toContain(`Sign in as ${email}?`);
  expect(scanned.headers()['set-cookie']).toBeUndefined();
  // The visitor's own click still signs in, at once.
  await page.goto(link);
  await page.waitForURL(/\/vogue\/demo-single\/cart$/);
});

test("a link opened in another browser names its address, and only Confirm signs in (no one is signed in to another's identity unseen)", async ({
  page,
  request,
}) => {
  const attacker = `attacker.${Date.now()}@example.com`;
  // Someone else's browser asks for a link to their own address and sends it to the visitor.
  const asked = await request.post('/api/identity/links', {
    data: { email: attacker, purpose: 'sign-in', brand: 'vogue', urlSlug: 'demo-single', returnPath: '/vogue/demo-single/cart' },
  });
  expect(asked.status()).toBe(202);
  const link = await linkFromOutbox(attacker);
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  const confirm = await SignInConfirmPage.expectOpen(page, attacker);
  expect(await cookieNames(page)).not.toContain('CN_token_access');
  // Reloading (a second look) changes nothing either.
  await page.reload();
  await SignInConfirmPage.expectOpen(page, attacker);

  await confirm.confirm();
  await page.waitForURL(/\/vogue\/demo-single\/cart$/);
  expect(await cookieNames(page)).toContain('CN_token_access');
  const profile = await page.request.get('/martech/api/user/v2/profile');
  expect(await profile.json()).toEqual({ email: attacker });
});

test('another site cannot post the Confirm form, nor sign the visitor out', async ({ page, request }) => {
  const email = `csrf.${Date.now()}@example.com`;
  await request.post('/api/identity/links', { data: { email, returnPath: '/account' } });
  const link = await linkFromOutbox(email);
  const token = new URL(link).searchParams.get('token')!;
  const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
  const forged = await request.post('/api/identity/sign-in', {
    form: { token, page: `/account/sign-in/complete?token=${token}` },
    headers: crossSite,
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error.code).toBe('cross_site_request');
  // The link is still good: the visitor confirms it on its page.
  await page.goto(link);
  await (await SignInConfirmPage.expectOpen(page, email)).confirm();
  await page.waitForURL(/\/account$/);
  expect((await page.request.get('/martech/api/user/v2/authenticate/verify')).status()).toBe(200);
  const signOut = await page.request.post('/api/identity/sign-out', { headers: crossSite });
  expect(signOut.status()).toBe(403);
  expect((await page.request.get('/martech/api/user/v2/authenticate/verify')).status()).toBe(200);
});

test('account: sign in without a brand in the browser that asked, then sign out', async ({ page }) => {
  const email = `account.${Date.now()}@example.com`;
  const signIn = await AccountSignInPage.open(page, { email, returnPath: '/account' });
  await expect(signIn.email).toHaveValue(email);
  await expect(page.getByText('Vogue')).toHaveCount(0);
  await signIn.askForLink(email);

  const link = await linkFromOutbox(email);
  expect(link).toMatch(/\/account\/sign-in\/complete\?token=[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  // /account is the account overview (it may not exist yet: where the visitor lands is what counts).
  await page.waitForURL(/\/account$/);
  expect(await cookieNames(page)).toEqual(expect.arrayContaining(['CN_token_access', 'CN_token_access_expires']));
  // Signed in, the sign-in page sends the visitor straight back.
  await page.goto('/account/sign-in');
  await page.waitForURL(/\/account$/);

  const out = await page.request.post('/api/identity/sign-out');
  expect(out.status()).toBe(200);
  expect(await out.json()).toEqual({ signedOut: true });
  expect(await cookieNames(page)).not.toContain('CN_token_access');
  expect((await page.request.get('/martech/api/user/v2/authenticate/verify')).status()).toBe(401);
  // Signing out again is fine.
  expect((await page.request.post('/api/identity/sign-out', { data: { everywhere: true } })).status()).toBe(200);
});

test('account: a refused address is named on the field; a used account link says so', async ({ page, request }) => {
  const signIn = await AccountSignInPage.open(page);
  await signIn.email.fill('not-an-address');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(signIn.error).toHaveText('Enter a valid email address, like name@example.com.');
  await expect(page.getByText(/Check your e-mail/)).toHaveCount(0);

  const email = `used.${Date.now()}@example.com`;
  await request.post('/api/identity/links', { data: { email, returnPath: '/account' } });
  const link = await linkFromOutbox(email);
  await page.goto(link);
  await (await SignInConfirmPage.expectOpen(page, email)).confirm();
  await page.waitForURL(/\/account$/);
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByRole('alert').filter({ hasText: 'sign-in link' })).toHaveText(
    'This sign-in link has already been used: each link works once.',
  );
  await expect(page.getByRole('link', { name: 'Email me a new link' })).toHaveAttribute('href', '/account/sign-in');
});
