import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { signedIn } from '@/tests/fixtures/signedIn';
import { SANDBOX_CARD_REFUSED } from '@/lib/payments/sandbox/sandboxCardInput';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';

/**
 * Finding 10 of issue 24 on a server with only the sandbox: its card fields are taken in test
 * mode, and refused when the body is parsed in live mode, where the sandbox takes no cards.
 */
await serveRoutesWithServerContext(
  { PAYMENTS_SANDBOX: '1' },
  [
    [/^\/api\/checkout\/submit$/, () => import('@/pages/api/checkout/submit')],
    [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/card$/, () => import('@/pages/api/account/subscriptions/[id]/card/index')],
  ],
  async () => {
    const imported = await importCatalogueJson(await appDb(), readDemoCatalogue());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
  },
);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const refusal = (field: string) => ({
  error: { code: 'invalid_body', message: expect.stringContaining(SANDBOX_CARD_REFUSED), details: [`${field}: ${SANDBOX_CARD_REFUSED}`] },
});

describe('a server with only the sandbox', () => {
  it('takes the sandbox card in test mode', async () => {
    const answer = await post('/api/checkout/submit', submitRequestFixture());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'succeeded' });
  }, 20_000);

  it('refuses its card fields in live mode when it parses the body (400), writing nothing; a live wallet still hears that live payments are off', async () => {
    const live = submitRequestFixture({
      livemode: true,
      billing: { email: 'live@example.com', firstName: 'L', lastName: 'M', country: 'GB' },
    });
    const answer = await post('/api/checkout/submit', live);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(refusal('payment'));
    const db = await appDb();
    expect(await db.selectFrom('transactions').select('id').where('customer_email', '=', 'live@example.com').execute()).toEqual([]);

    const wallet = await post('/api/checkout/submit', { ...live, idempotencyKey: crypto.randomUUID(), payment: { kind: 'paypal' } });
    expect(wallet.status).toBe(503);
    expect(await wallet.json()).toMatchObject({ error: { code: 'payments_unavailable' } });
  });

  it("refuses its card fields for a card change of a live subscription (400), and takes them for a test-mode one's", async () => {
    const db = await appDb();
    const transactions = new TransactionRepository(db);
    const ids: Record<'live' | 'test', string> = { live: '', test: '' };
    for (const mode of ['live', 'test'] as const) {
      const base = newTransactionFixture({ id: `txn_card_change_${mode}` });
      await transactions.create({ ...base, gateway: 'sandbox', livemode: mode === 'live', buyerIdentity: 'modes@example.com' });
      await transactions.markSucceeded(base.id, `pi_${base.id}`);
      ids[mode] = (await transactions.findById(base.id))!.subscriptionId!;
    }
    const cookie = await signedIn(db, 'modes@example.com');
    const change = () => ({
      idempotencyKey: crypto.randomUUID(),
      card: { kind: 'sandbox-card', number: '5555 5555 5555 4444', expiry: '12/34', cvc: '123' },
    });
    const live = await post(`/api/account/subscriptions/${ids.live}/card`, change(), { cookie });
    expect(live.status).toBe(400);
    expect(await live.json()).toEqual(refusal('card'));
    const test = await post(`/api/account/subscriptions/${ids.test}/card`, change(), { cookie });
    expect(test.status).toBe(200);
    expect(await test.json()).toMatchObject({ status: 'saved' });
  });
});
