import { describe, expect, it } from 'vitest';
import { appDb, examinePublicWithdrawals, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { signedIn } from '@/tests/fixtures/signedIn';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';

/** The withdrawal routes through Next's own API resolver: owner only, same-origin only, a human 4xx for every bad input. */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/account\/subscriptions\/(?<id>[^/]+)\/withdraw$/, () => import('@/pages/api/account/subscriptions/[id]/withdraw')],
  [/^\/api\/withdraw$/, () => import('@/pages/api/withdraw/index')],
  [/^\/api\/withdraw\/answer$/, () => import('@/pages/api/withdraw/answer')],
]);

let n = 0;
/** A paid $25.00 test-mode sandbox purchase billed to `country`: its subscription and invoice number. */
async function bought(owner: string, country = 'FR'): Promise<{ id: string; invoice: string }> {
  const db = await appDb();
  n += 1;
  const charge = await new SandboxGateway(db, async () => undefined).charge(
    chargeRequestFixture({
      idempotencyKey: `route-attempt-${n}`,
      payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  );
  const transactions = new TransactionRepository(db);
  const id = `txn_withdraw_${n}`;
  const base = newTransactionFixture({ id, gateway: 'sandbox' });
  await transactions.create({ ...base, buyerIdentity: owner, customer: { ...base.customer, email: owner, country } });
  await transactions.markSucceeded(id, charge.paymentId!);
  const paid = (await transactions.findById(id))!;
  return { id: paid.subscriptionId!, invoice: paid.invoiceNumber! };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const path = (id: string) => `/api/account/subscriptions/${id}/withdraw`;
const status = async (id: string) =>
  await (await appDb()).selectFrom('subscriptions').select(['status', 'end_reason']).where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/account/subscriptions/{id}/withdraw', () => {
  it('withdraws the owner’s purchase, answering the receipt; a second POST answers the same receipt and refunds nothing more', async () => {
    const { id, invoice } = await bought('owner@example.com');
    const cookie = await signedIn(await appDb(), 'owner@example.com');
    const answer = await post(path(id), {}, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { withdrawal } = await answer.json();
    expect(withdrawal).toMatchObject({
      invoiceNumber: invoice,
      refund: { state: 'succeeded', amount: { cents: 2500, currency: 'USD' }, to: 'Visa ending in 4242' },
      emailedTo: 'owner@example.com',
    });
    expect(Number.isNaN(Date.parse(withdrawal.receivedAt))).toBe(false);
    expect(await status(id)).toEqual({ status: 'ended', end_reason: 'withdrawn' });
    const again = await post(path(id), undefined as never, { cookie });
    expect(again.status).toBe(200);
    expect((await again.json()).withdrawal.receivedAt).toBe(withdrawal.receivedAt);
    const refunds = await (await appDb()).selectFrom('refunds').selectAll().where('transaction_id', '=', `txn_withdraw_${n}`).execute();
    expect(refunds).toHaveLength(1);
  });

  it('answers another person’s subscription as one that does not exist (404), and changes nothing', async () => {
    const { id } = await bought('victim@example.com');
    const cookie = await signedIn(await appDb(), 'mallory@example.com');
    const answer = await post(path(id), {}, { cookie });
    expect(answer.status).toBe(404);
    expect((await answer.json()).error).toMatchObject({ code: 'subscription_not_found', message: expect.any(String) });
    expect(await status(id)).toEqual({ status: 'active', end_reason: null });
  });

  it('refuses a purchase billed outside the EU and the UK (409) with a human message', async () => {
    const { id } = await bought('us@example.com', 'US');
    const cookie = await signedIn(await appDb(), 'us@example.com');
    const answer = await post(path(id), {}, { cookie });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.message).toMatch(/European Union or the United Kingdom/);
  });

  it('refuses a cross-site POST (403), a visitor not signed in (401), a bad id or body (400), and GET (405)', async () => {
    const { id } = await bought('guard@example.com');
    const cookie = await signedIn(await appDb(), 'guard@example.com');
    expect((await post(path(id), {}, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(path(id), {}, { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post(path(id), {})).status).toBe(401);
    expect((await post(path('nope'), {}, { cookie })).status).toBe(400);
    expect((await post(path(id), { refund: 'twice' }, { cookie })).status).toBe(400);
    expect((await post(path(id), '{not json', { cookie })).status).toBe(400);
    expect((await fetch(`${server.origin}${path(id)}`)).status).toBe(405);
    expect(await status(id)).toEqual({ status: 'active', end_reason: null });
  });
});

describe('POST /api/withdraw', () => {
  it('answers a match exactly as a non-match (status, headers and body), and ends nothing before the subscriber answers', async () => {
    const { id, invoice } = await bought('public@example.com');
    const answers = [];
    for (const body of [
      { email: 'stranger@example.com', invoiceNumber: invoice, livemode: false },
      { email: 'public@example.com', invoiceNumber: 'INV-TEST-2099-000001', livemode: false },
      { email: 'public@example.com', invoiceNumber: invoice, name: 'Pat Public', livemode: false },
    ]) {
      const answer = await post('/api/withdraw', body);
      const json = await answer.json();
      // The declaration's time is its own; everything else is alike, to the byte.
      expect(Date.parse(json.receivedAt)).not.toBeNaN();
      answers.push({
        status: answer.status,
        cacheControl: answer.headers.get('cache-control'),
        body: JSON.stringify({ ...json, receivedAt: 'at' }),
      });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, cacheControl: 'no-store', body: '{"received":true,"receivedAt":"at"}' }));
    // The background pass the route kicked matches and acknowledges the one that names the purchase.
    await examinePublicWithdrawals();
    expect(await status(id)).toEqual({ status: 'active', end_reason: null });
    const acknowledgment = await (
      await appDb()
    )
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'withdrawal-acknowledgment')
      .where('to_email', '=', 'public@example.com')
      .executeTakeFirstOrThrow();
    expect(acknowledgment.link).toMatch(/\/withdraw\/answer\?token=[A-Za-z0-9_-]{43}&livemode=false$/);
  });

  it('confirms with the e-mailed link (ended, refunded once), then refuses the spent link (410)', async () => {
    const { id, invoice } = await bought('linked@example.com');
    await post('/api/withdraw', { email: 'linked@example.com', invoiceNumber: invoice, livemode: false });
    await examinePublicWithdrawals();
    const { link } = await (
      await appDb()
    )
      .selectFrom('outbox')
      .select('link')
      .where('kind', '=', 'withdrawal-acknowledgment')
      .where('to_email', '=', 'linked@example.com')
      .executeTakeFirstOrThrow();
    const token = new URL(link!).searchParams.get('token')!;
    const confirmed = await post('/api/withdraw/answer', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    expect(await confirmed.json()).toMatchObject({
      answer: 'confirmed',
      withdrawal: { invoiceNumber: invoice, emailedTo: 'linked@example.com' },
    });
    expect(await status(id)).toEqual({ status: 'ended', end_reason: 'withdrawn' });
    const again = await post('/api/withdraw/answer', { token });
    expect(again.status).toBe(410);
    expect((await again.json()).error).toMatchObject({ code: 'withdrawal_link_used', message: expect.stringContaining('already used') });
    const refunds = await (await appDb()).selectFrom('refunds').selectAll().where('transaction_id', '=', `txn_withdraw_${n}`).execute();
    expect(refunds).toHaveLength(1);
  });

  it('refuses a link that is no token or no link of ours (400), a cross-site POST (403), a bad body (400), and GET (405)', async () => {
    const unknown = await post('/api/withdraw/answer', { token: 'a'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toContain('This link is not valid.');
    expect((await post('/api/withdraw/answer', { token: '<script>' })).status).toBe(400);
    expect((await post('/api/withdraw/answer', { token: 'a'.repeat(43) }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/api/withdraw/answer', { token: 'a'.repeat(101) })).status).toBe(400);
    expect((await post('/api/withdraw/answer', { token: 'x', extra: 1 })).status).toBe(400);
    expect((await post('/api/withdraw/answer', '{not json')).status).toBe(400);
    expect((await fetch(`${server.origin}/api/withdraw/answer`)).status).toBe(405);
  });

  it('refuses a cross-site declaration (403), a malformed one (400, with the field’s message), and GET (405)', async () => {
    const good = { email: 'a@example.com', invoiceNumber: 'INV-2026-000001', livemode: true };
    expect((await post('/api/withdraw', good, { origin: 'https://evil.example' })).status).toBe(403);
    const bad = await post('/api/withdraw', { ...good, email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Enter a valid email address');
    expect((await post('/api/withdraw', { ...good, invoiceNumber: '<script>' })).status).toBe(400);
    expect((await post('/api/withdraw', { ...good, extra: 1 })).status).toBe(400);
    expect((await post('/api/withdraw', { email: 'a@example.com' })).status).toBe(400);
    expect((await fetch(`${server.origin}/api/withdraw`)).status).toBe(405);
  });
});
