import { describe, expect, it, vi } from 'vitest';
import { operatorFetch } from '@/tests/fixtures/operatorRequests';
import { appDb, origin, serveRoutesWithServerContext } from '@/tests/fixtures/routeServerContext';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { adminOperatorToken, signedInOperator } from '@/tests/fixtures/operatorSessions';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import { pdfText } from '@/tests/fixtures/pdfText';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { CareCustomerView, CareRefundView, CareSearchHit } from '@/lib/operators/careViews';

/**
 * Customer care's routes through Next's own API resolver: who may call them (care and admin
 * by session or token, not a marketer, not a stranger), what they refuse, and what they do:
 * cancel at the period's end or at once, refund in part then the rest through the sandbox,
 * each with its audit entry holding the state before and after.
 */
await serveRoutesWithServerContext({ PAYMENTS_SANDBOX: '1' }, [
  [/^\/api\/operator\/care\/search$/, () => import('@/pages/api/operator/care/search')],
  [/^\/api\/operator\/care\/subscriptions\/(?<id>[^/]+)$/, () => import('@/pages/api/operator/care/subscriptions/[id]/index')],
  [/^\/api\/operator\/care\/subscriptions\/(?<id>[^/]+)\/cancel$/, () => import('@/pages/api/operator/care/subscriptions/[id]/cancel')],
  [
    /^\/api\/operator\/care\/subscriptions\/(?<id>[^/]+)\/delivery-address$/,
    () => import('@/pages/api/operator/care/subscriptions/[id]/delivery-address'),
  ],
  [/^\/api\/operator\/care\/transactions\/(?<id>[^/]+)\/refund$/, () => import('@/pages/api/operator/care/transactions/[id]/refund')],
  [/^\/api\/operator\/care\/transactions\/(?<id>[^/]+)\/invoice$/, () => import('@/pages/api/operator/care/transactions/[id]/invoice')],
]);

const call = (method: string, path: string, options?: Parameters<typeof operatorFetch>[3]) => operatorFetch(origin, method, path, options);

let n = 0;
/** A paid $25.00 Vogue Digital subscription at the sandbox (card 4242), bought with `email`: its subscription and payment ids. */
async function paidSubscription(
  email: string,
  print = false,
): Promise<{ subscriptionId: string; transactionId: string; invoiceNumber: string }> {
  const { serverContext } = await import('@/lib/server/context/serverContext');
  const sandbox = (await serverContext()).checkout.sandbox!;
  n += 1;
  const charge = await sandbox.charge(
    chargeRequestFixture({
      idempotencyKey: `care-attempt-${n}-${Date.now()}`,
      payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  );
  const transactions = new TransactionRepository(await appDb());
  const id = `txn_care_${n}`;
  const base = newTransactionFixture({ id, gateway: 'sandbox' });
  const austin = { country: 'US', region: 'TX', address: { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701' } };
  await transactions.create({
    ...base,
    ...(print ? { order: { ...base.order, offer: ORDERED_OFFERS.newYorkerPrint }, brandSlug: 'newyorker' } : {}),
    customer: { ...base.customer, email, ...(print ? austin : {}) },
  });
  await transactions.markSucceeded(id, charge.paymentId!);
  const paid = (await transactions.findById(id))!;
  return { subscriptionId: paid.subscriptionId!, transactionId: id, invoiceNumber: paid.invoiceNumber! };
}

const auditOf = async (target: string) =>
  (await appDb()).selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('seq', 'asc').execute();

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

describe('customer care routes', () => {
  it('are for care and admin only: a marketer gets 403, a stranger 401, a wrong method 405', async () => {
    const db = await appDb();
    const { subscriptionId, transactionId } = await paidSubscription('who@example.com');
    const marketer = await signedInOperator(db, 'marketer');
    const refused = await call('GET', '/api/operator/care/search?q=who@example.com', { cookie: marketer.cookie });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toMatch(/Your role does not open/);
    expect(
      (
        await call('POST', `/api/operator/care/subscriptions/${subscriptionId}/cancel`, {
          cookie: marketer.cookie,
          body: { when: 'now', reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/api/operator/care/transactions/${transactionId}/refund`, {
          cookie: marketer.cookie,
          body: { amount: 'full', reason: 'x', idempotencyKey: 'marketer-key-1' },
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', '/api/operator/care/search?q=who@example.com')).status).toBe(401);
    expect((await call('GET', `/api/operator/care/subscriptions/${subscriptionId}`)).status).toBe(401);

    const care = await signedInOperator(db, 'care');
    expect((await call('GET', '/api/operator/care/search?q=who@example.com', { cookie: care.cookie })).status).toBe(200);
    const admin = await signedInOperator(db, 'admin');
    expect((await call('GET', `/api/operator/care/subscriptions/${subscriptionId}`, { cookie: admin.cookie })).status).toBe(200);
    const token = { authorization: `Bearer ${await adminOperatorToken(db)}` };
    expect((await call('GET', '/api/operator/care/search?q=who@example.com', { headers: token })).status).toBe(200);

    expect((await call('POST', '/api/operator/care/search?q=who@example.com', { cookie: care.cookie, body: {} })).status).toBe(405);
    expect((await call('GET', `/api/operator/care/subscriptions/${subscriptionId}/cancel`, { cookie: care.cookie })).status).toBe(405);
    expect((await call('DELETE', `/api/operator/care/transactions/${transactionId}/refund`, { cookie: care.cookie })).status).toBe(405);
    expect((await call('PATCH', `/api/operator/care/subscriptions/${subscriptionId}`, { cookie: care.cookie, body: {} })).status).toBe(405);
  });

  it('refuses malformed input with 400, unknown ids with 404, and a post from another site with 403', async () => {
    const db = await appDb();
    const { subscriptionId, transactionId } = await paidSubscription('shape@example.com');
    const { cookie } = await signedInOperator(db, 'care');
    for (const path of [
      '/api/operator/care/search',
      '/api/operator/care/search?q=',
      '/api/operator/care/search?q=a&extra=1',
      '/api/operator/care/search?q=a%00b',
    ]) {
      const answer = await call('GET', path, { cookie });
      expect(answer.status, path).toBe(400);
      expect((await errorOf(answer)).message.length).toBeGreaterThan(0);
    }
    // A part of a number or an address is no search: care cannot list customers by walking invoice numbers.
    for (const q of ['INV-2026-00004', 'INV-TEST-2026', 'shape@example']) {
      const partial = await call('GET', `/api/operator/care/search?q=${q}`, { cookie });
      expect(partial.status, q).toBe(400);
      expect((await errorOf(partial)).message).toMatch(/whole e-mail address, or a whole invoice or credit note number/);
    }
    expect((await call('GET', '/api/operator/care/subscriptions/not-an-id', { cookie })).status).toBe(400);
    const unknown = await call('GET', '/api/operator/care/subscriptions/sub_aaaaaaaaaaaaaaaa', { cookie });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('subscription_not_found');

    const cancel = `/api/operator/care/subscriptions/${subscriptionId}/cancel`;
    for (const body of [
      {},
      { when: 'later', reason: 'x' },
      { when: 'now' },
      { when: 'now', reason: '   ' },
      { when: 'now', reason: 'x', extra: 1 },
      { when: 'now', reason: 'a\u0000b' },
    ]) {
      expect((await call('POST', cancel, { cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', '/api/operator/care/subscriptions/sub_aaaaaaaaaaaaaaaa/cancel', { cookie, body: { when: 'now', reason: 'x' } }))
        .status,
    ).toBe(404);

    const refund = `/api/operator/care/transactions/${transactionId}/refund`;
    for (const body of [
      {},
      { amount: 0, reason: 'x', idempotencyKey: 'key-00000001' },
      { amount: -5, reason: 'x', idempotencyKey: 'key-00000001' },
      { amount: 1.5, reason: 'x', idempotencyKey: 'key-00000001' },
      { amount: '100', reason: 'x', idempotencyKey: 'key-00000001' },
      { amount: 100, reason: 'x' },
      { amount: 100, reason: 'x', idempotencyKey: 'short' },
    ]) {
      expect((await call('POST', refund, { cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    const noPayment = await call('POST', '/api/operator/care/transactions/txn_nothing_here/refund', {
      cookie,
      body: { amount: 100, reason: 'x', idempotencyKey: 'key-00000002' },
    });
    expect(noPayment.status).toBe(404);
    expect((await errorOf(noPayment)).code).toBe('transaction_not_found');

    const crossSite = await fetch(`${origin}${cancel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ when: 'now', reason: 'x' }),
    });
    expect(crossSite.status).toBe(403);
    expect(await auditOf(`subscription:${subscriptionId}`)).toEqual([]);
  });

  it('finds a subscriber by e-mail in any case and by invoice number, and shows their subscription', async () => {
    const db = await appDb();
    const { subscriptionId, invoiceNumber } = await paidSubscription('finder@example.com');
    const { cookie } = await signedInOperator(db, 'care');
    const byEmail = (await (await call('GET', '/api/operator/care/search?q=%20Finder@Example.COM%20', { cookie })).json()) as {
      hits: CareSearchHit[];
    };
    expect(byEmail.hits).toMatchObject([{ subscriptionId, billingEmail: 'finder@example.com', status: 'active', matchedBy: 'email' }]);
    const byInvoice = (await (await call('GET', `/api/operator/care/search?q=${invoiceNumber.toLowerCase()}`, { cookie })).json()) as {
      hits: CareSearchHit[];
    };
    expect(byInvoice.hits).toMatchObject([{ subscriptionId, matchedBy: 'invoice' }]);
    const none = (await (await call('GET', '/api/operator/care/search?q=nobody@example.com', { cookie })).json()) as {
      hits: CareSearchHit[];
    };
    expect(none.hits).toEqual([]);

    const shown = await call('GET', `/api/operator/care/subscriptions/${subscriptionId}`, { cookie });
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const { customer } = (await shown.json()) as { customer: CareCustomerView };
    expect(customer.subscription).toMatchObject({ id: subscriptionId, status: 'active', canCancelAtPeriodEnd: true, canEndNow: true });
    expect(customer.transactions).toMatchObject([{ invoiceNumber, total: 2500, refunded: 0, refundable: 2500, status: 'succeeded' }]);
    // The fixture's order kept no origin to link from, so no acknowledgment was queued: nothing was e-mailed yet.
    expect(customer.mails).toEqual([]);
    expect(customer.events.map((e) => e.text)).toContainEqual(expect.stringMatching(/^Subscribed to Vogue Digital/));
  });

  it('writes each search and each customer opened to the audit log, as the operator who read them', async () => {
    const db = await appDb();
    const { subscriptionId } = await paidSubscription('audited@example.com');
    const { cookie, operator } = await signedInOperator(db, 'care');
    expect((await call('GET', '/api/operator/care/search?q=audited@example.com', { cookie })).status).toBe(200);
    expect((await call('GET', `/api/operator/care/subscriptions/${subscriptionId}`, { cookie })).status).toBe(200);
    const searched = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'care.searched')
      .where('operator_id', '=', operator.id)
      .execute();
    expect(searched.map((entry) => JSON.parse(entry.after_json!))).toEqual([{ kind: 'email', hits: 1, subscriptions: [subscriptionId] }]);
    expect((await auditOf(`subscription:${subscriptionId}`)).map((entry) => [entry.action, entry.operator_id])).toEqual([
      ['care.viewed', operator.id],
    ]);
  });

  it('cancels at the end of the period, then ends at once, each in the audit log with the state before and after', async () => {
    const db = await appDb();
    const { subscriptionId } = await paidSubscription('cancel@example.com');
    const { cookie, operator } = await signedInOperator(db, 'care');
    const path = `/api/operator/care/subscriptions/${subscriptionId}/cancel`;

    const atEnd = await call('POST', path, { cookie, body: { when: 'period_end', reason: 'Asked on the phone' } });
    expect(atEnd.status).toBe(200);
    const cancelled = ((await atEnd.json()) as { customer: CareCustomerView }).customer;
    expect(cancelled.subscription).toMatchObject({
      status: 'cancelling',
      cancelChannel: 'care',
      cancelReason: 'Asked on the phone',
      canEndNow: true,
    });
    expect(cancelled.mails.map((m) => m.kind)).toContain('cancellation');
    // A second click changes nothing and records nothing.
    expect((await call('POST', path, { cookie, body: { when: 'period_end', reason: 'Again' } })).status).toBe(200);

    const now = await call('POST', path, { cookie, body: { when: 'now', reason: 'Duplicate account' } });
    expect(now.status).toBe(200);
    const ended = ((await now.json()) as { customer: CareCustomerView }).customer;
    expect(ended.subscription).toMatchObject({ status: 'ended', endReason: 'ended_by_care', canEndNow: false });
    expect(ended.events.map((e) => e.text).join('\n')).toMatch(/ended at once by customer care/);
    expect(ended.mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['cancellation', 'ended-by-care']));
    const again = await call('POST', path, { cookie, body: { when: 'now', reason: 'Again' } });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('subscription_ended');

    const audit = await auditOf(`subscription:${subscriptionId}`);
    expect(audit.map((a) => [a.action, a.operator_id, a.actor])).toEqual([
      ['subscription.cancelled', operator.id, `operator:${operator.email}`],
      ['subscription.ended', operator.id, `operator:${operator.email}`],
    ]);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      status: 'cancelling',
      cancelAtPeriodEnd: true,
      reason: 'Asked on the phone',
    });
    expect(JSON.parse(audit[1]!.before_json!)).toMatchObject({ status: 'cancelling' });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ status: 'ended', endReason: 'ended_by_care', reason: 'Duplicate account' });
  });

  it('moves a print delivery within its country by its rules, e-mails the subscriber, and audits the old and new address', async () => {
    const db = await appDb();
    const { subscriptionId } = await paidSubscription('mover@example.com', true);
    const { cookie, operator } = await signedInOperator(db, 'care');
    const path = `/api/operator/care/subscriptions/${subscriptionId}/delivery-address`;
    const newYork = { line1: '4 Times Sq', city: 'New York', postalCode: '10036', region: 'NY' };

    const opened = (
      (await (await call('GET', `/api/operator/care/subscriptions/${subscriptionId}`, { cookie })).json()) as {
        customer: CareCustomerView;
      }
    ).customer;
    expect(opened.subscription.deliveryAddress).toEqual({
      line1: '1 Congress Ave',
      city: 'Austin',
      postalCode: '78701',
      country: 'US',
      region: 'TX',
    });

    const zip = await call('POST', path, { cookie, body: { address: { ...newYork, postalCode: 'ABC' }, reason: 'Moved' } });
    expect(zip.status).toBe(400);
    expect(await errorOf(zip)).toMatchObject({ code: 'invalid_address', message: 'Enter a valid ZIP code, such as 95014.' });
    const abroad = await call('POST', path, { cookie, body: { address: { ...newYork, country: 'CA' }, reason: 'Moved' } });
    expect(abroad.status).toBe(400);
    const noReason = await call('POST', path, { cookie, body: { address: newYork, reason: ' ' } });
    expect(noReason.status).toBe(400);
    expect(await auditOf(`subscription:${subscriptionId}`)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ action: 'subscription.delivery_address_changed' })]),
    );

    const moved = await call('POST', path, { cookie, body: { address: newYork, reason: 'Moved, said on the phone' } });
    expect(moved.status).toBe(200);
    const customer = ((await moved.json()) as { customer: CareCustomerView }).customer;
    expect(customer.subscription.deliveryAddress).toEqual({ ...newYork, country: 'US' });
    expect(customer.mails.map((m) => m.kind)).toContain('address-changed');
    const audit = (await auditOf(`subscription:${subscriptionId}`)).filter((a) => a.action === 'subscription.delivery_address_changed');
    expect(audit.map((a) => a.operator_id)).toEqual([operator.id]);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ deliveryAddress: { city: 'Austin', region: 'TX' } });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      deliveryAddress: { city: 'New York', region: 'NY' },
      reason: 'Moved, said on the phone',
    });

    const digital = await paidSubscription('digital-mover@example.com');
    const notPrint = await call('POST', `/api/operator/care/subscriptions/${digital.subscriptionId}/delivery-address`, {
      cookie,
      body: { address: newYork, reason: 'Moved' },
    });
    expect(notPrint.status).toBe(409);
    expect((await errorOf(notPrint)).code).toBe('not_print');
  });

  it('ends an active subscription at once', async () => {
    const db = await appDb();
    const { subscriptionId } = await paidSubscription('endnow@example.com');
    const token = { authorization: `Bearer ${await adminOperatorToken(db)}` };
    const answer = await call('POST', `/api/operator/care/subscriptions/${subscriptionId}/cancel`, {
      headers: token,
      body: { when: 'now', reason: 'Fraud report' },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { customer: CareCustomerView }).customer.subscription.status).toBe('ended');
    const [entry] = await auditOf(`subscription:${subscriptionId}`);
    expect(entry).toMatchObject({ action: 'subscription.ended', actor: expect.stringMatching(/\(token\)$/) });
  });

  it('refunds part of a payment, then the rest, refuses more, and records each refund with its credit note', async () => {
    const db = await appDb();
    const { transactionId } = await paidSubscription('refund@example.com');
    const { cookie, operator } = await signedInOperator(db, 'care');
    const path = `/api/operator/care/transactions/${transactionId}/refund`;
    type Answer = { refund: CareRefundView; customer: CareCustomerView };

    const part = await call('POST', path, { cookie, body: { amount: 1000, reason: 'Late delivery', idempotencyKey: 'care-test-part-1' } });
    expect(part.status).toBe(200);
    const first = (await part.json()) as Answer;
    expect(first.refund).toMatchObject({
      amount: 1000,
      status: 'succeeded',
      creditNoteNumber: expect.stringMatching(/^US-CN-TEST-/),
      requestedBy: `operator:${operator.id}`,
    });
    expect(first.customer.transactions[0]).toMatchObject({ refunded: 1000, refundable: 1500 });
    // The same key again (a double click): the same refund, nothing more refunded, no second entry.
    const repeat = await call('POST', path, {
      cookie,
      body: { amount: 1000, reason: 'Late delivery', idempotencyKey: 'care-test-part-1' },
    });
    expect(((await repeat.json()) as Answer).refund.id).toBe(first.refund.id);

    const tooMuch = await call('POST', path, { cookie, body: { amount: 1501, reason: 'More', idempotencyKey: 'care-test-over-1' } });
    expect(tooMuch.status).toBe(409);
    expect(await errorOf(tooMuch)).toMatchObject({ code: 'amount_exceeds_refundable', message: expect.stringContaining('$15.00') });

    const rest = await call('POST', path, { cookie, body: { amount: 'full', reason: 'Goodwill', idempotencyKey: 'care-test-rest-1' } });
    expect(rest.status).toBe(200);
    const second = (await rest.json()) as Answer;
    expect(second.refund).toMatchObject({ amount: 1500, status: 'succeeded' });
    expect(second.customer.transactions[0]).toMatchObject({ refunded: 2500, refundable: 0 });
    expect(second.customer.transactions[0]!.refunds.map((r) => r.creditNoteNumber)).toHaveLength(2);
    expect(second.customer.events.filter((e) => e.kind === 'refund').map((e) => e.text)).toContainEqual(
      expect.stringMatching(/^Refund of \$10\.00 made, credit note US-CN-TEST-/),
    );

    const nothingLeft = await call('POST', path, { cookie, body: { amount: 'full', reason: 'Again', idempotencyKey: 'care-test-rest-2' } });
    expect(nothingLeft.status).toBe(409);
    expect((await errorOf(nothingLeft)).code).toBe('nothing_to_refund');

    const audit = await auditOf(`transaction:${transactionId}`);
    expect(audit.map((a) => a.action)).toEqual(['transaction.refunded', 'transaction.refunded']);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ total: 2500, refunded: 0, reserved: 0 });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      refunded: 1000,
      reserved: 1000,
      refundId: first.refund.id,
      amount: 1000,
      status: 'succeeded',
      creditNoteNumber: first.refund.creditNoteNumber,
    });
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ total: 2500, refunded: 1000, reserved: 1000 });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ refunded: 2500, refundId: second.refund.id, amount: 1500 });
    expect(audit[0]!.actor).toBe(`operator:${operator.email}`);
  });

  it('records a refund the provider did not answer as pending, with the error, once', async () => {
    const db = await appDb();
    const { transactionId } = await paidSubscription('pending@example.com');
    const { cookie } = await signedInOperator(db, 'care');
    const { serverContext } = await import('@/lib/server/context/serverContext');
    const sandbox = (await serverContext()).checkout.sandbox!;
    const down = vi.spyOn(sandbox, 'refund').mockRejectedValue(new Error('connection reset'));
    const path = `/api/operator/care/transactions/${transactionId}/refund`;
    const body = { amount: 500, reason: 'Goodwill', idempotencyKey: 'care-test-pending-1' };
    try {
      const answer = await call('POST', path, { cookie, body });
      expect(answer.status).toBe(503);
      expect((await errorOf(answer)).code).toBe('refund_provider_unavailable');
      // Asked again at once with the same key: the same pending refund, not sent again yet, not recorded twice.
      expect((await call('POST', path, { cookie, body })).status).toBe(200);
    } finally {
      down.mockRestore();
    }
    const audit = await auditOf(`transaction:${transactionId}`);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      status: 'pending',
      amount: 500,
      reserved: 500,
      refunded: 0,
      error: 'refund_provider_unavailable',
    });
  });

  it("downloads a payment's invoice as its subscriber's PDF, counted and audited as a read of that customer", async () => {
    const db = await appDb();
    const { subscriptionId, transactionId, invoiceNumber } = await paidSubscription('pdf.care@example.com');
    const care = await signedInOperator(db, 'care');
    const answer = await call('GET', `/api/operator/care/transactions/${transactionId}/invoice`, { cookie: care.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${invoiceNumber}.pdf"`);
    const [page] = await pdfText(new Uint8Array(await answer.arrayBuffer()));
    expect(page).toContain(`Invoice ${invoiceNumber}`);
    expect((await auditOf(`subscription:${subscriptionId}`)).map((row) => row.action)).toContain('care.viewed');
    const marketer = await signedInOperator(db, 'marketer');
    expect((await call('GET', `/api/operator/care/transactions/${transactionId}/invoice`, { cookie: marketer.cookie })).status).toBe(403);
    const unknown = await call('GET', '/api/operator/care/transactions/txn_nope/invoice', { cookie: care.cookie });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('invoice_not_found');
    expect((await call('GET', '/api/operator/care/transactions/nope/invoice', { cookie: care.cookie })).status).toBe(400);
  });
});
