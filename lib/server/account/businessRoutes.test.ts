import { describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { signedIn } from '@/tests/fixtures/signedIn';

/** A business subscriber's company for its later invoices, through Next's own API resolver. */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/business$/, () => import('@/pages/api/account/subscriptions/[id]/business')],
]);

let n = 0;
const BERLIN = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' };
async function subscription(email: string, company?: { name: string; vatNumber?: string }): Promise<string> {
  const transactions = new TransactionRepository(await appDb());
  const id = `txn_business_${(n += 1)}`;
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    gateway: 'sandbox',
    buyerIdentity: email,
    customer: { ...base.customer, email, country: 'DE', address: BERLIN, ...(company ? { company } : {}) },
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

const post = (path: string, body: unknown, cookie: string) =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

describe('POST /api/account/subscriptions/{id}/business', () => {
  it('changes the company and VAT number its later invoices name, the new number unverified, and keeps it in the history', async () => {
    const id = await subscription('acme@example.com', { name: 'Acme GmbH', vatNumber: 'DE123456789' });
    const cookie = await signedIn(await appDb(), 'acme@example.com');
    const answer = await post(
      `/api/account/subscriptions/${id}/business`,
      { companyName: 'Acme Holding GmbH', vatNumber: 'de 987 654 321' },
      cookie,
    );
    expect(answer.status).toBe(200);
    expect((await answer.json()).subscription.business).toEqual({
      companyName: 'Acme Holding GmbH',
      vatNumber: 'DE987654321',
      country: 'DE',
      vatStatus: 'unverified',
      // Sold by the US seller of the fixture's brand and locale: outside the EU, VAT is charged even once verified.
      exemptWhenVerified: false,
    });
    const history = await (await appDb()).selectFrom('subscription_history').select('event').where('subscription_id', '=', id).execute();
    expect(history.map((row) => row.event)).toContain('business_changed');
  });

  it.each([
    [
      'a VAT number of the wrong shape',
      { companyName: 'Acme GmbH', vatNumber: 'DE12' },
      400,
      'invalid_business',
      'Enter a valid VAT number, such as DE123456789.',
    ],
    ['no company name', { companyName: ' ' }, 400, 'invalid_business', 'Enter your company’s name.'],
    ['an unknown field', { companyName: 'Acme GmbH', vat: 'x' }, 400, 'invalid_body', 'vat'],
  ])('refuses %s with a %s naming it, and changes nothing', async (_name, body, status, code, words) => {
    const email = `refused${n}@example.com`;
    const id = await subscription(email, { name: 'Acme GmbH', vatNumber: 'DE123456789' });
    const cookie = await signedIn(await appDb(), email);
    const answer = await post(`/api/account/subscriptions/${id}/business`, body, cookie);
    expect(answer.status).toBe(status);
    expect((await answer.json()).error).toMatchObject({ code, message: expect.stringContaining(words) });
    expect((await new SubscriptionRepository(await appDb()).findById(id))?.business).toEqual({
      companyName: 'Acme GmbH',
      vatNumber: 'DE123456789',
      country: 'DE',
      vatStatus: 'unverified',
    });
  });

  it('refuses a subscription bought privately (409), and anyone else’s (404)', async () => {
    const own = await subscription('private@example.com');
    const cookie = await signedIn(await appDb(), 'private@example.com');
    const privately = await post(`/api/account/subscriptions/${own}/business`, { companyName: 'Acme GmbH' }, cookie);
    expect(privately.status).toBe(409);
    expect((await privately.json()).error.code).toBe('not_business');
    const theirs = await subscription('other@example.com', { name: 'Other Ltd' });
    expect((await post(`/api/account/subscriptions/${theirs}/business`, { companyName: 'Mine' }, cookie)).status).toBe(404);
  });
});
