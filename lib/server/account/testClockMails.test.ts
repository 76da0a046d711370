import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { signedIn } from '@/tests/fixtures/signedIn';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';

/**
 * The mails of a moved test clock (issue 36): QA waits for them in the mailbox, so they are
 * written and due at the real time, sorted with the others, and show the clock's date aside.
 */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1', PUBLIC_ORIGIN: 'http://localhost:3000' }, [
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/clock$/, () => import('@/pages/api/account/subscriptions/[id]/clock')],
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/card$/, () => import('@/pages/api/account/subscriptions/[id]/card/index')],
]);

/** A paid test-mode Vogue Digital (yearly) at the sandbox, owned by `owner`; its subscription id. */
async function subscription(owner: string): Promise<string> {
  const transactions = new TransactionRepository(await appDb());
  const id = `txn_clock_mails_${owner.split('@')[0]}`;
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    livemode: false,
    gateway: 'sandbox',
    buyerIdentity: owner,
    customer: { ...base.customer, email: owner },
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const post = (path: string, body: unknown, cookie: string) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
const clock = (id: string, body: unknown, { cookie }: { cookie: string }) => post(`/api/account/subscriptions/${id}/clock`, body, cookie);
const changeCard = (id: string, number: string, cookie: string) =>
  post(
    `/api/account/subscriptions/${id}/card`,
    { idempotencyKey: crypto.randomUUID(), card: { kind: 'sandbox-card', number, expiry: '12/34', cvc: '123' } },
    cookie,
  );
const row = async (id: string) => (await appDb()).selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the mails of a moved test clock', () => {
  it('queues the mails of a moved clock at the real time, due at once, each with its clock date; a notice before the renewal', async () => {
    const owner = 'qa.mails@example.com';
    const id = await subscription(owner);
    const cookie = await signedIn(await appDb(), owner);
    expect(await (await changeCard(id, '4242 4242 4242 4242', cookie)).json()).toMatchObject({ status: 'saved' });
    const bought = await row(id);
    const before = Date.now();
    expect((await clock(id, { advance: 'next-renewal' }, { cookie })).status).toBe(200);
    const after = Date.now();
    const mails = await (
      await appDb()
    )
      .selectFrom('outbox')
      .select(['kind', 'created_at', 'next_attempt_at', 'clock_at'])
      .where('to_email', '=', owner)
      .where('kind', 'in', ['renewal-receipt', 'renewal-notice'])
      .orderBy('created_at')
      .execute();
    const receipt = mails.find((mail) => mail.kind === 'renewal-receipt');
    expect(receipt).toBeDefined();
    for (const mail of mails) {
      // Written and due now, by the real clock: not in a year, when the mail worker would first send it.
      expect(Date.parse(mail.created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(mail.created_at)).toBeLessThanOrEqual(after + 1000);
      expect(Date.parse(mail.next_attempt_at)).toBeLessThanOrEqual(after + 1000);
    }
    expect(Math.abs(Date.parse(receipt!.clock_at!) - Date.parse(bought.current_period_end))).toBeLessThan(60_000);
    const notices = mails.filter((mail) => mail.kind === 'renewal-notice');
    for (const notice of notices) expect(Date.parse(notice.clock_at!)).toBeLessThan(Date.parse(bought.current_period_end));
  }, 20_000);
});
