import { beforeEach, describe, expect, it } from 'vitest';
import { appDb, server, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import type { UndoPurchasePageProps } from '@/lib/account/undoPurchaseView';

/**
 * The undo link of a duplicate purchase through Next's own API resolver, against the
 * sandbox: the page changes nothing, the button refunds in full and ends the subscription
 * once, and every bad link or body is a 4xx with words.
 */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [[/^\/api\/undo-purchase$/, () => import('@/pages/api/undo-purchase')]]);
const { serverContext } = await import('@/lib/server/context/serverContext');
const { undoPageProps } = await import('./undoPage');

beforeEach(async () => {
  // Each test starts with the client's undo limit untouched (the limit has a test of its own).
  await (await appDb()).deleteFrom('rate_limits').execute();
});

let bought = 0;
/** Buys Vogue Digital in test mode at the sandbox twice with one address: the second purchase's undo link. */
async function duplicate(): Promise<{ token: string; link: string; first: string; second: string }> {
  const context = await serverContext();
  const snapshot = await demoSnapshot();
  const email = `buyer${(bought += 1)}@example.com`;
  const ids: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const input = submitRequestFixture({ billing: { email, firstName: 'Ada', lastName: 'Reader', country: 'GB' } });
    const { response } = await submitCheckout({ ...context.checkout, origin: server.origin }, snapshot, submitRequestSchema.parse(input));
    ids.push(response.transactionId!);
  }
  const mail = await context.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'duplicate-purchase')
    .where('to_email', '=', email)
    .executeTakeFirstOrThrow();
  return { token: new URL(mail.link!).searchParams.get('token')!, link: mail.link!, first: ids[0]!, second: ids[1]! };
}
const { submitCheckout } = await import('@/lib/server/checkout/submitService');

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/undo-purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function page(token: string | string[] | undefined, method = 'GET') {
  const headers: Record<string, string | number> = {};
  const res = { statusCode: 200, setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = value) };
  const result = await undoPageProps({ req: { method, headers: {} }, res, query: token === undefined ? {} : { token } } as never);
  return { status: res.statusCode, headers, props: (result as { props: UndoPurchasePageProps }).props };
}

async function state(transactionId: string) {
  const db = await appDb();
  const transaction = await db.selectFrom('transactions').selectAll().where('id', '=', transactionId).executeTakeFirstOrThrow();
  const subscription = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', transaction.subscription_id!)
    .executeTakeFirstOrThrow();
  const refunds = await db.selectFrom('refunds').selectAll().where('transaction_id', '=', transactionId).execute();
  const undo = await db.selectFrom('duplicate_purchase_undos').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
  return { transaction, subscription, refunds, undo };
}

describe('GET /undo-purchase?token=…', () => {
  it('shows what was bought, when, the amount and the one button, and changes nothing', async () => {
    const { token, link, second } = await duplicate();
    expect(link).toContain('&livemode=false');
    const before = await state(second);
    const shown = await page(token);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.headers['referrer-policy']).toBe('no-referrer');
    expect(shown.props).toMatchObject({
      state: 'ready',
      token,
      livemode: false,
      brandName: 'Vogue',
      offerName: 'Vogue Digital',
      amount: { cents: 2500, currency: 'USD' },
      charged: true,
      purchasedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // In the purchase's language and its buyer's clock.
    expect(shown.props).toMatchObject({ i18n: { locale: before.transaction.locale, timeZone: before.transaction.time_zone } });
    await page(token);
    expect(await state(second)).toEqual(before);
    expect(before.refunds).toEqual([]);
    expect(before.subscription.status).not.toBe('ended');
  });

  it('answers an unknown link 404 and an expired one 410, with words; a POST to the page 405', async () => {
    expect(await page('A'.repeat(43))).toMatchObject({
      status: 404,
      props: { state: 'refused', code: 'undo_link_invalid' },
    });
    expect(await page(undefined)).toMatchObject({ status: 404, props: { state: 'refused' } });
    expect(await page(['a', 'b'])).toMatchObject({ status: 404, props: { state: 'refused' } });
    const { token, second } = await duplicate();
    await (
      await appDb()
    )
      .updateTable('duplicate_purchase_undos')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('transaction_id', '=', second)
      .execute();
    expect(await page(token)).toMatchObject({
      status: 410,
      props: { state: 'refused', code: 'undo_link_expired' },
    });
    expect((await page(token, 'POST')).status).toBe(405);
  });
});

describe('POST /api/undo-purchase', () => {
  it('refunds the purchase in full and ends its subscription at once, once; the earlier one stays', async () => {
    const { token, first, second } = await duplicate();
    const answer = await post({ token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({
      undone: true,
      undoneAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      refund: { status: 'succeeded', amount: { cents: 2500, currency: 'USD' } },
      brandName: 'Vogue',
      offerName: 'Vogue Digital',
    });
    const after = await state(second);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amount_minor: after.transaction.total,
        status: 'succeeded',
        requested_by: 'buyer',
        reason: 'duplicate purchase undone by buyer',
        idempotency_key: `undo:${after.undo!.id}`,
      }),
    ]);
    expect(after.subscription).toMatchObject({ status: 'ended', end_reason: 'duplicate_undone' });
    expect(after.undo!.used_at).not.toBeNull();
    expect((await state(first)).subscription.status).not.toBe('ended');
    expect((await state(first)).refunds).toEqual([]);
    const refundMails = await (
      await appDb()
    )
      .selectFrom('outbox')
      .select('to_email')
      .where('kind', '=', 'refund')
      .where('to_email', '=', after.transaction.customer_email!)
      .execute();
    expect(refundMails).toHaveLength(1);

    // Pressed again: refused with when it was undone, nothing refunded twice; the page says it was undone.
    const again = await post({ token });
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.error).toMatchObject({
      code: 'undo_link_used',
      message: expect.stringMatching(/^This purchase was already undone, on .+ UTC/),
      details: [expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)],
    });
    expect((await state(second)).refunds).toHaveLength(1);
    expect(await page(token)).toMatchObject({ status: 200, props: { state: 'undone', undoneAt: body.error.details[0] } });
  });

  it('refunds once when pressed twice at once', async () => {
    const { token, second } = await duplicate();
    const answers = await Promise.all([post({ token }), post({ token })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const after = await state(second);
    expect(after.refunds).toHaveLength(1);
    const sandboxRefunds = await (
      await appDb()
    )
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_id', '=', after.transaction.gateway_payment_id!)
      .execute();
    expect(sandboxRefunds).toHaveLength(1);
    expect(after.subscription.status).toBe('ended');
  });

  it('answers unknown and expired links 404 and 410 with a message, changing nothing', async () => {
    for (const token of ['A'.repeat(43), 'x', '']) {
      const answer = await post({ token });
      expect(answer.status).toBe(404);
      expect((await answer.json()).error).toMatchObject({ code: 'undo_link_invalid', message: expect.stringContaining('not valid') });
    }
    const { token, second } = await duplicate();
    await (
      await appDb()
    )
      .updateTable('duplicate_purchase_undos')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('transaction_id', '=', second)
      .execute();
    const expired = await post({ token });
    expect(expired.status).toBe(410);
    expect((await expired.json()).error).toMatchObject({ code: 'undo_link_expired', message: expect.stringContaining('14 days') });
    expect((await state(second)).refunds).toEqual([]);
    expect((await state(second)).subscription.status).not.toBe('ended');
  });

  it('refuses malformed bodies (400), other methods (405) and other sites (403)', async () => {
    for (const body of ['{', '[]', 'null', { token: 1 }, {}, { token: 'x'.repeat(101) }, { token: 'A'.repeat(43), extra: true }]) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await answer.json()).error.message).toEqual(expect.any(String));
    }
    const get = await fetch(`${server.origin}/api/undo-purchase`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const { token, second } = await duplicate();
    expect((await post({ token }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await state(second)).refunds).toEqual([]);
  });

  it('limits presses per client, with a 429 that says when to try again', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) last = await post({ token: 'A'.repeat(43) });
    expect(last!.status).toBe(429);
    expect((await last!.json()).error.message).toContain('15 minutes');
  });
});
