import { describe, expect, it } from 'vitest';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { VatReviewView } from '@/lib/operators/vatReviewViews';
import { accountHistory } from '@/lib/server/account/accountHistory';
import { careEvents } from '@/lib/server/care/careEvents';
import { historiesOf } from '@/lib/server/subscriptions/subscriptionHistory';

/**
 * Finance's check of the business subscribers' VAT numbers, through Next's own API resolver:
 * admins only, the unverified numbers listed, each verified or rejected once, in the audit log.
 */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/operator\/vat-numbers$/, () => import('@/pages/api/operator/vat-numbers/index')],
  [/^\/api\/operator\/vat-numbers\/(?<subscriptionId>[^/]+)$/, () => import('@/pages/api/operator/vat-numbers/[subscriptionId]')],
]);

const call = (method: string, path: string, options?: Parameters<typeof operatorFetch>[3]) => operatorFetch(origin, method, path, options);

let n = 0;
async function businessSubscription(company: { name: string; vatNumber?: string }): Promise<string> {
  const transactions = new TransactionRepository(await appDb());
  const id = `txn_vat_${(n += 1)}`;
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    gateway: 'sandbox',
    customer: { ...base.customer, email: `vat${n}@example.com`, country: 'DE', company },
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const listed = async (cookie: string) =>
  ((await (await call('GET', '/api/operator/vat-numbers', { cookie })).json()) as { reviews: VatReviewView[] }).reviews;

describe('finance’s check of VAT numbers', () => {
  it('lists the unverified numbers, records a check once, in the audit log, and takes it off the list', async () => {
    const db = await appDb();
    const acme = await businessSubscription({ name: 'Acme GmbH', vatNumber: 'DE123456789' });
    const shop = await businessSubscription({ name: 'Corner Shop' });
    const { cookie, operator } = await signedInOperator(db, 'admin');
    const before = await listed(cookie);
    expect(before.find((review) => review.subscriptionId === acme)).toMatchObject({
      companyName: 'Acme GmbH',
      vatNumber: 'DE123456789',
      country: 'DE',
      email: expect.stringMatching(/^vat\d+@example\.com$/),
    });
    expect(before.map((review) => review.subscriptionId)).not.toContain(shop);

    const path = `/api/operator/vat-numbers/${acme}`;
    const verified = await call('POST', path, { cookie, body: { vatNumber: 'DE123456789', decision: 'verified' } });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ subscriptionId: acme, vatStatus: 'verified' });
    // The same check again (a double click) changes nothing and records nothing more.
    expect((await call('POST', path, { cookie, body: { vatNumber: 'DE123456789', decision: 'verified' } })).status).toBe(200);
    expect((await new SubscriptionRepository(db).findById(acme))?.business?.vatStatus).toBe('verified');
    expect((await listed(cookie)).map((review) => review.subscriptionId)).not.toContain(acme);
    const audit = await db.selectFrom('audit_log').selectAll().where('target', '=', `subscription:${acme}`).execute();
    expect(audit.map((row) => [row.action, row.operator_id])).toEqual([['subscription.vat_number_reviewed', operator.id]]);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ vatNumber: 'DE123456789', vatStatus: 'unverified' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ vatNumber: 'DE123456789', vatStatus: 'verified' });
    const history = await db.selectFrom('subscription_history').selectAll().where('subscription_id', '=', acme).execute();
    expect(history.filter((row) => row.event === 'business_changed').map((row) => row.actor_kind)).toEqual(['operator']);
    // The subscriber's account and care's time line tell it as finance's check, not as a change of the company.
    const kept = (await historiesOf(db, [acme])).get(acme) ?? [];
    expect(accountHistory(kept, true).map((line) => line.event.kind)).toContain('vatVerified');
    expect(accountHistory(kept, true).map((line) => line.event.kind)).not.toContain('businessChanged');
    expect(careEvents(kept).map((event) => event.text)).toContain('VAT number verified by finance.');
  });

  it('refuses a check of a number the subscriber changed since (409), of none (404), and bad input (400)', async () => {
    const db = await appDb();
    const acme = await businessSubscription({ name: 'Acme GmbH', vatNumber: 'DE123456789' });
    const plain = await businessSubscription({ name: 'Corner Shop' });
    const { cookie } = await signedInOperator(db, 'admin');
    const stale = await call('POST', `/api/operator/vat-numbers/${acme}`, {
      cookie,
      body: { vatNumber: 'DE111111111', decision: 'rejected' },
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'vat_number_changed',
      message: expect.stringContaining('DE123456789'),
    });
    expect(
      (await call('POST', `/api/operator/vat-numbers/${plain}`, { cookie, body: { vatNumber: 'DE123456789', decision: 'verified' } }))
        .status,
    ).toBe(404);
    for (const body of [
      { vatNumber: 'DE123456789', decision: 'maybe' },
      { vatNumber: 'de 123', decision: 'verified' },
      { decision: 'verified' },
    ])
      expect((await call('POST', `/api/operator/vat-numbers/${acme}`, { cookie, body })).status).toBe(400);
    expect(
      (await call('POST', '/api/operator/vat-numbers/sub_x', { cookie, body: { vatNumber: 'DE123456789', decision: 'verified' } })).status,
    ).toBe(400);
    expect((await new SubscriptionRepository(db).findById(acme))?.business?.vatStatus).toBe('unverified');
  });

  it('is for admins only: care and marketers get 403, a stranger 401, another method 405', async () => {
    const db = await appDb();
    for (const role of ['care', 'marketer'] as const) {
      const { cookie } = await signedInOperator(db, role);
      expect((await call('GET', '/api/operator/vat-numbers', { cookie })).status).toBe(403);
    }
    expect((await call('GET', '/api/operator/vat-numbers')).status).toBe(401);
    const { cookie } = await signedInOperator(db, 'admin');
    expect((await call('DELETE', '/api/operator/vat-numbers', { cookie })).status).toBe(405);
  });
});
