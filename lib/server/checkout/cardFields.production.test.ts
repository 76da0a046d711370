import { PRODUCTION_SERVER_ENV } from '@/tests/fixtures/productionEnv';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { signedIn } from '@/tests/fixtures/signedIn';
import { SANDBOX_CARD_REFUSED } from '@/lib/payments/sandbox/sandboxCardInput';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';

/**
 * Finding 10 of issue 24: a live server with Stripe's keys (cards typed into Stripe's frames)
 * refuses the sandbox's card fields when it parses the body, unread, before anything is
 * counted, written or logged: a card number sent to it never enters PCI DSS scope.
 */
await serveRoutesWithServerContext(
  PRODUCTION_SERVER_ENV,
  [
    [/^\/api\/checkout\/submit$/, () => import('@/pages/api/checkout/submit')],
    [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/card$/, () => import('@/pages/api/account/subscriptions/[id]/card/index')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const PAN = '4000 0027 6000 3184';
const sandboxCard = (number = PAN) => ({ kind: 'sandbox-card' as const, number, expiry: '12/34', cvc: '737' });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

let logs: MockInstance[] = [];
beforeEach(() => {
  logs = (['error', 'warn', 'log', 'info'] as const).map((level) => vi.spyOn(console, level));
});
afterEach(() => vi.restoreAllMocks());

/** Everything the server said on its console during the test, as one text. */
const logged = () => JSON.stringify(logs.flatMap((spy) => spy.mock.calls.map((call) => call.map(String))));

/** The refusal as the caller gets it: 400, our error shape, the reason in words, nothing of the card quoted. */
async function expectRefused(answer: Response, field: 'payment' | 'card'): Promise<void> {
  const text = await answer.text();
  expect(answer.status).toBe(400);
  expect(JSON.parse(text)).toEqual({
    error: { code: 'invalid_body', message: expect.stringContaining(SANDBOX_CARD_REFUSED), details: [`${field}: ${SANDBOX_CARD_REFUSED}`] },
  });
  expect(text).not.toMatch(/3184|2760|737/);
}

describe('a live Stripe-only server', () => {
  it.each([
    ['a live-mode submit', true, PAN],
    ['a test-mode submit', false, PAN],
    // A malformed number gets the same answer: the server did not even look at it.
    ['a submit whose card number is not one', true, 'not a card'],
  ])(
    'refuses the sandbox card fields of %s when it parses the body, storing and logging nothing',
    async (_name, livemode, number) => {
      const body = submitRequestFixture({ livemode, payment: sandboxCard(number), returnPath: '/vogue/demo-single/credit-card' });
      await expectRefused(await post('/api/checkout/submit', body), 'payment');
      const db = await appDb();
      expect(await db.selectFrom('transactions').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('idempotency_keys').select('key').execute()).toEqual([]);
      // Not even counted against the client's budget of payment attempts.
      expect(await db.selectFrom('rate_limits').select('bucket').execute()).toEqual([]);
      expect(logged()).not.toMatch(/3184|not a card/);
      // The first request loads the route module: slow on a busy machine.
    },
    20_000,
  );

  it("refuses the sandbox card fields of a card change on the subscriber's live card subscription", async () => {
    const db = await appDb();
    const transactions = new TransactionRepository(db);
    const base = newTransactionFixture({ id: 'txn_live_card_change' });
    await transactions.create({ ...base, gateway: 'stripe', livemode: true, buyerIdentity: 'live@example.com' });
    await transactions.markSucceeded(base.id, `pi_${base.id}`);
    const id = (await transactions.findById(base.id))!.subscriptionId!;
    // On an https site the session's cookie carries the __Host- prefix (lib/identity/sessionCookieNames.ts).
    const cookie = `__Host-${await signedIn(db, 'live@example.com')}`;
    const row = () => db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row();
    const answer = await post(
      `/api/account/subscriptions/${id}/card`,
      { idempotencyKey: crypto.randomUUID(), card: sandboxCard() },
      { cookie },
    );
    await expectRefused(answer, 'card');
    expect(await row()).toEqual(before);
    expect(logged()).not.toMatch(/3184/);
  }, 20_000);
});
