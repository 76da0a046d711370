import { expect, test, type APIRequestContext } from '@playwright/test';
import { CheckoutPage, SuccessPage } from './pages/CheckoutPage';
import { OfferPage } from './pages/OfferPage';
import { toCheckout } from './pages/journey';
import { SandboxWalletPage, WalletChoice } from './pages/WalletPage';
import { ADMIN_HEADERS, sandboxSubmitBody } from './support';

interface StoredTransaction {
  status: string;
  livemode: boolean;
  paymentMethod: { method: string };
  customer: { email: string };
  invoice: { invoiceNumber: string | null; summaryTotal: { total: number } };
}

/** The campaign's transactions of one buyer, as operators see them. */
async function transactionsOf(request: APIRequestContext, campaignId: string, email: string): Promise<StoredTransaction[]> {
  const response = await request.get(`/api/admin/transactions?campaignId=${campaignId}&limit=500`, { headers: ADMIN_HEADERS });
  expect(response.status()).toBe(200);
  const { transactions } = (await response.json()) as { transactions: StoredTransaction[] };
  return transactions.filter((transaction) => transaction.customer.email === email);
}

const WALLETS = [
  { wallet: 'PayPal', method: 'paypal' },
  { wallet: 'Amazon Pay', method: 'amazon-pay' },
] as const;

for (const { wallet, method } of WALLETS) {
  test(`${wallet} approved: the success page with the invoice paid by ${wallet}`, async ({ page, request }) => {
    const email = `approve.${method}@example.com`;
    const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
    await checkout.fillBilling({ email });
    const choice = await WalletChoice.choose(page, wallet);
    await expect(choice.submitButton).toHaveText(`Subscribe for $25.00 with ${wallet}`);
    // A wallet asks for no card.
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await choice.submit();
    const walletPage = await SandboxWalletPage.expectOpen(page, wallet);
    await expect(walletPage.amount).toHaveText('$25.00');
    await walletPage.approve();
    const success = await SuccessPage.expectOpen(page);
    expect(new URL(page.url()).search).toBe('?livemode=false&source=e2e');
    await expect(success.invoiceHeading).toHaveText(/^Invoice [A-Z]{2,6}-TEST-/);
    await expect(success.total).toHaveText('Total paid$25.00');
    await expect(success.paymentMethod).toHaveText(wallet);
    const [stored, ...others] = await transactionsOf(request, 'vogue-demo-single', email);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      status: 'succeeded',
      livemode: false,
      paymentMethod: { method },
      invoice: { summaryTotal: { total: 2500 } },
    });
  });

  test(`${wallet} cancelled: back on the payment step with a message and what was typed, nothing charged, and a retry that pays`, async ({
    page,
    request,
  }) => {
    const email = `cancel.${method}@example.com`;
    const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
    await checkout.fillBilling({ email, firstName: 'Cancelling' });
    await (await WalletChoice.choose(page, wallet)).submit();
    await (await SandboxWalletPage.expectOpen(page, wallet)).cancel();
    await CheckoutPage.expectOpen(page);
    await expect(checkout.failure).toHaveText(
      'You left without approving the payment. Nothing was charged. You can try again or choose another way to pay.',
    );
    await expect(checkout.failure).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Cancelling');
    await expect(page.getByRole('radio', { name: wallet })).toBeChecked();
    expect((await transactionsOf(request, 'vogue-demo-single', email)).map((transaction) => transaction.status)).toEqual(['failed']);

    await new WalletChoice(page, wallet).submit();
    await (await SandboxWalletPage.expectOpen(page, wallet)).approve();
    await SuccessPage.expectOpen(page);
    const statuses = (await transactionsOf(request, 'vogue-demo-single', email)).map((transaction) => transaction.status).sort();
    expect(statuses).toEqual(['failed', 'succeeded']);
  });
}

test('PayPal refuses the payment: a clear error, and another way to pay works', async ({ page, request }) => {
  const email = 'refused.paypal@example.com';
  const checkout = await toCheckout(page, '/gq/demo-gbp', 'GQ Digital');
  await checkout.fillBilling({ email });
  await (await WalletChoice.choose(page, 'PayPal')).submit();
  await (await SandboxWalletPage.expectOpen(page, 'PayPal')).simulateFailure();
  await CheckoutPage.expectOpen(page);
  await expect(checkout.failure).toHaveText(
    'The payment was not approved. Nothing was charged. Please try again or choose another way to pay.',
  );
  await page.getByRole('radio', { name: 'Card' }).check();
  await checkout.fillCard('4242 4242 4242 4242');
  await checkout.submit();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.paymentMethod).toHaveText('Visa ending in 4242');
  const stored = await transactionsOf(request, 'gq-demo-gbp', email);
  expect(stored.map((transaction) => [transaction.paymentMethod.method, transaction.status]).sort()).toEqual([
    ['card', 'succeeded'],
    ['paypal', 'failed'],
  ]);
});

test('a wallet with a promo code: the wallet is asked for the discounted total, and the invoice says so', async ({ page }) => {
  const checkout = await toCheckout(page, '/newyorker/demo-dual', 'Digital', 'SAVE20');
  await checkout.fillBilling({ email: 'promo.amazon@example.com' });
  await expect(checkout.total).toContainText('Total today');
  const total = ((await checkout.total.textContent()) ?? '').replace('Total today', '');
  expect(total).toMatch(/^\$\d+\.\d{2}$/);
  await (await WalletChoice.choose(page, 'Amazon Pay')).submit();
  const walletPage = await SandboxWalletPage.expectOpen(page, 'Amazon Pay');
  await expect(walletPage.amount).toHaveText(total);
  await walletPage.approve();
  const success = await SuccessPage.expectOpen(page);
  await expect(success.discount).toContainText('SAVE20');
  await expect(success.total).toHaveText(`Total paid${total}`);
  await expect(success.paymentMethod).toHaveText('Amazon Pay');
});

test('a New York buyer must agree to the renewal terms before the wallet opens', async ({ page }) => {
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling({ email: 'new.york.paypal@example.com', region: 'New York' });
  const choice = await WalletChoice.choose(page, 'PayPal');
  await choice.submit();
  await expect(page.getByText('Please tick the box to agree to the automatic renewal terms.')).toBeVisible();
  await expect(checkout.renewalConsent).toBeFocused();
  expect(page.url()).toMatch(/\/credit-card(\?|$)/);
  await checkout.renewalConsent.check();
  await choice.submit();
  await (await SandboxWalletPage.expectOpen(page, 'PayPal')).approve();
  await SuccessPage.expectOpen(page);
});

test('an approval replayed (the wallet page again, the answer posted twice) still gives one paid transaction', async ({
  page,
  request,
}) => {
  const email = 'replay.paypal@example.com';
  const checkout = await toCheckout(page, '/vogue/demo-single', 'Vogue Digital');
  await checkout.fillBilling({ email });
  await (await WalletChoice.choose(page, 'PayPal')).submit();
  await SandboxWalletPage.expectOpen(page, 'PayPal');
  const walletUrl = page.url();
  const paymentId = new URL(walletUrl).pathname.split('/').at(-1)!;
  await new SandboxWalletPage(page).approve();
  await SuccessPage.expectOpen(page);
  const successUrl = new URL(page.url());

  // The same answer again, straight to the API: the first answer's destination, nothing new.
  const replay = await page.request.post(`/api/sandbox/wallet/${paymentId}`, { data: { outcome: 'approve' } });
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toEqual({ status: 'succeeded', redirectTo: `${successUrl.pathname}${successUrl.search}` });
  const cancelAfter = await page.request.post(`/api/sandbox/wallet/${paymentId}`, { data: { outcome: 'cancel' } });
  expect(await cancelAfter.json()).toMatchObject({ status: 'succeeded' });
  // The wallet page again (back, or a second tab): already answered, with the way on.
  await page.goto(walletUrl);
  await expect(page.getByRole('status')).toContainText('This payment has already been answered.');
  await page.getByRole('link', { name: 'Continue' }).click();
  await SuccessPage.expectOpen(page);

  const stored = await transactionsOf(request, 'vogue-demo-single', email);
  expect(stored.map((transaction) => transaction.status)).toEqual(['succeeded']);
});

test('the sandbox wallet refuses what it cannot take with a clear 4xx', async ({ request }) => {
  const unknown = await request.post('/api/sandbox/wallet/wp_sandbox_aaaaaaaaaaaaaaaaaaaa', { data: { outcome: 'approve' } });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: { code: 'payment_not_found', message: 'This payment does not exist.' } });
  const malformed = await request.post('/api/sandbox/wallet/not-an-id', { data: { outcome: 'approve' } });
  expect(malformed.status()).toBe(400);
  const badOutcome = await request.post('/api/sandbox/wallet/wp_sandbox_aaaaaaaaaaaaaaaaaaaa', { data: { outcome: 'steal' } });
  expect(badOutcome.status()).toBe(400);
  expect((await request.get('/api/sandbox/wallet/wp_sandbox_aaaaaaaaaaaaaaaaaaaa')).status()).toBe(405);
  expect((await request.get('/sandbox/wallet/wp_sandbox_aaaaaaaaaaaaaaaaaaaa')).status()).toBe(404);
});

test("the wallets' webhooks say they are not configured without keys, and refuse a mode that is not one", async ({ request }) => {
  const paypal = await request.post('/api/webhooks/paypal', { data: '{}', headers: { 'content-type': 'application/json' } });
  expect(paypal.status()).toBe(404);
  expect(await paypal.json()).toEqual({ error: { code: 'webhooks_disabled', message: 'PayPal webhooks are not configured.' } });
  const amazon = await request.post('/api/webhooks/amazon-pay/test', { data: '{}', headers: { 'content-type': 'text/plain' } });
  expect(amazon.status()).toBe(404);
  expect(await amazon.json()).toEqual({ error: { code: 'webhooks_disabled', message: 'Amazon Pay is not configured in test mode.' } });
  expect((await request.post('/api/webhooks/amazon-pay/staging', { data: '{}', headers: { 'content-type': 'text/plain' } })).status()).toBe(
    400,
  );
  expect((await request.get('/api/webhooks/paypal')).status()).toBe(405);
});

test('live mode on a server with only the sandbox: nothing can be bought for real, and the page says so with the way to test mode', async ({
  page,
  request,
}) => {
  const offers = await OfferPage.open(page, '/vogue/demo-single', { source: 'e2e' });
  await offers.choose('Vogue Digital');
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await CheckoutPage.expectOpen(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Live payments are not set up on this server' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('link', { name: 'Try it in test mode' }).click();
  await page.waitForURL(/\/credit-card\?source=e2e&livemode=false$/);
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeVisible();

  // The API refuses a live payment through the sandbox whatever the page shows, writing nothing:
  // a wallet hears that live payments are off; the sandbox's card fields are refused unread (400).
  const live = sandboxSubmitBody('live.sandbox@example.com', { livemode: true, returnPath: '/vogue/demo-single/credit-card' });
  const wallet = await request.post('/api/checkout/submit', { data: { ...live, payment: { kind: 'paypal' } } });
  expect(wallet.status()).toBe(503);
  expect((await wallet.json()).error.message).toBe('Live payments are not set up on this server. Nothing was charged.');
  const card = await request.post('/api/checkout/submit', { data: { ...live, idempotencyKey: crypto.randomUUID() } });
  expect(card.status()).toBe(400);
  expect((await card.json()).error.message).toMatch(/card numbers are not taken by this server/);
  expect(await transactionsOf(request, 'vogue-demo-single', 'live.sandbox@example.com')).toEqual([]);
});
