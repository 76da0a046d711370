import { PRODUCTION_SERVER_ENV } from '@/tests/fixtures/productionEnv';
import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { signedIn } from '@/tests/fixtures/signedIn';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';

/**
 * The test clock on a production server: every subscription follows the real clock there,
 * even a test-mode one at the sandbox (left from a test server sharing the database).
 */
await serveRoutesWithServerContext(PRODUCTION_SERVER_ENV, [
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/clock$/, () => import('@/pages/api/account/subscriptions/[id]/clock')],
]);

describe('POST /api/account/subscriptions/{id}/clock in production', () => {
  it('refuses to move even a test-mode sandbox subscription (409), changing nothing', async () => {
    const db = await appDb();
    const transactions = new TransactionRepository(db);
    const base = newTransactionFixture({ id: 'txn_production_clock' });
    await transactions.create({ ...base, gateway: 'sandbox', livemode: false, buyerIdentity: 'qa@example.com' });
    await transactions.markSucceeded(base.id, `pi_${base.id}`);
    const id = (await transactions.findById(base.id))!.subscriptionId!;
    // On an https site the session's cookie carries the __Host- prefix (lib/identity/sessionCookieNames.ts).
    const cookie = `__Host-${await signedIn(db, 'qa@example.com')}`;
    const row = () => db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row();
    for (const advance of ['day', 'next-renewal']) {
      const answer = await fetch(`${server.origin}/api/account/subscriptions/${id}/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ advance }),
      });
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ error: { code: 'clock_not_movable', message: expect.stringMatching(/real clock/) } });
    }
    expect(await row()).toEqual(before);
    expect(await db.selectFrom('transactions').select('id').where('renewal_of', '=', id).execute()).toEqual([]);
    // The first request loads the route module: slow on a busy machine.
  }, 20_000);
});
