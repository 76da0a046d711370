import { describe, expect, it, vi } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { SubscriptionRepository } from './SubscriptionRepository';
import { signedIn } from '@/tests/fixtures/signedIn';

/** GET /api/account/entitlement through Next's own API resolver: what a brand's site asks of a visitor. */
await serveRoutesWithServerContext({}, [[/^\/api\/account\/entitlement$/, () => import('@/pages/api/account/entitlement')]]);

async function bought(id: string, owner: string | null, livemode: boolean) {
  const transactions = new TransactionRepository(await appDb());
  await transactions.create(newTransactionFixture({ id, livemode, buyerIdentity: owner, gateway: 'sandbox' }));
  await transactions.markSucceeded(id, `pi_${id}`);
}

const entitlement = (query: string, cookie?: string) =>
  fetch(`${server.origin}/api/account/entitlement?${query}`, { headers: cookie ? { cookie } : {} });

describe('GET /api/account/entitlement', () => {
  it('gives a signed-in subscriber access until the end of the period, in the mode asked for', async () => {
    await bought('txn_live', 'reader@example.com', true);
    const cookie = await signedIn(await appDb(), 'reader@example.com');
    const live = await entitlement('brand=vogue', cookie);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ signedIn: true, access: true, until: expect.stringMatching(/^\d{4}-/), renews: true });
    expect(await (await entitlement('brand=vogue&livemode=false', cookie)).json()).toMatchObject({ signedIn: true, access: false });
    expect(await (await entitlement('brand=wired', cookie)).json()).toMatchObject({ access: false });
  });

  it('gives nobody access while signed out, whatever they subscribe to', async () => {
    expect(await (await entitlement('brand=vogue')).json()).toEqual({ signedIn: false, access: false, until: null, renews: false });
  });

  it.each([
    ['no brand', ''],
    ['a malformed brand', 'brand=..%2Fetc'],
    ['an unknown mode', 'brand=vogue&livemode=maybe'],
    ['an unknown parameter', 'brand=vogue&email=a@example.com'],
  ])('answers %s with a 400 and a message', async (_name, query) => {
    const response = await entitlement(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it("only reads: what the visitor's address bought signed out is neither shown nor claimed by a signed-in request", async () => {
    // A session made without a link (the fixture's): only using a link claims (IdentityService).
    await bought('txn_unclaimed', null, true);
    const db = await appDb();
    const row = () => db.selectFrom('subscriptions').selectAll().where('transaction_id', '=', 'txn_unclaimed').executeTakeFirstOrThrow();
    const before = await row();
    const cookie = await signedIn(db, before.billing_email);
    const claim = vi.spyOn(SubscriptionRepository.prototype, 'claimForVerifiedEmail');
    expect(await (await entitlement('brand=vogue', cookie)).json()).toMatchObject({ signedIn: true, access: false });
    expect(claim).not.toHaveBeenCalled();
    expect(await row()).toEqual(before);
    claim.mockRestore();
  });

  it('refuses anything but GET with a 405', async () => {
    const response = await fetch(`${server.origin}/api/account/entitlement?brand=vogue`, { method: 'POST' });
    expect(response.status).toBe(405);
  });
});
