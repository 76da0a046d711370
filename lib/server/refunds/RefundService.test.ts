import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import type { Database } from '@/lib/server/db/schema';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { PaymentGateway, RefundRequest, RefundResult } from '@/lib/server/payments/PaymentGateway';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { AmazonPayGateway } from '@/lib/server/payments/amazonpay/AmazonPayGateway';
import { startFakeAmazonPay, type FakeAmazonPay } from '@/lib/server/payments/amazonpay/fakeAmazonPay';
import { RefundRepository } from './RefundRepository';
import { RefundService, type RefundInput } from './RefundService';

const ORIGIN = 'https://subscribe.example.com';
const NOW = Date.parse('2026-11-27T10:00:00.000Z');

let db: Kysely<Database>;
let clock: number;
const now = () => new Date(clock);
let sandbox: SandboxGateway;
let transactions: TransactionRepository;
let kicks: number;

beforeEach(async () => {
  db = await testDb();
  clock = NOW;
  kicks = 0;
  sandbox = new SandboxGateway(db, async () => undefined, now);
  transactions = new TransactionRepository(db, now);
});
afterEach(async () => db.destroy());

const service = (gateways: readonly PaymentGateway[] = [sandbox], resendAfterMs?: number) =>
  new RefundService({ db, gateways, now, origin: ORIGIN, mailQueued: () => (kicks += 1), ...(resendAfterMs ? { resendAfterMs } : {}) });

let n = 0;
/** A paid $25.00 order at the sandbox (card 4242), as the checkout records it. */
async function paidAtSandbox(): Promise<string> {
  n += 1;
  const charge = await sandbox.charge(
    chargeRequestFixture({
      idempotencyKey: `attempt-${n}`,
      payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  );
  const id = `txn_${n}`;
  await transactions.create(newTransactionFixture({ id, gateway: 'sandbox' }));
  await transactions.markSucceeded(id, charge.paymentId!);
  return id;
}

/** A paid $25.00 order at a gateway of a test's own, its payment id given. */
async function paidAt(gateway: 'stripe' | 'paypal' | 'amazon-pay', paymentId: string, chargeId?: string): Promise<string> {
  n += 1;
  const id = `txn_${n}`;
  const fixture = newTransactionFixture({ id, gateway });
  const payment = gateway === 'stripe' ? fixture.order.payment : { method: gateway };
  await transactions.create({ ...fixture, order: { ...fixture.order, payment } });
  await transactions.markSucceeded(id, paymentId, null, chargeId);
  return id;
}

const input = (transactionId: string, overrides: Partial<RefundInput> = {}): RefundInput => ({
  transactionId,
  amount: 'full',
  reason: 'Duplicate purchase',
  requestedBy: 'operator:op_1',
  idempotencyKey: `refund:${transactionId}:${(n += 1)}`,
  ...overrides,
});

const reserved = async (id: string) =>
  (await db.selectFrom('transactions').select('refund_reserved').where('id', '=', id).executeTakeFirstOrThrow()).refund_reserved;
const refundMails = () => db.selectFrom('outbox').selectAll().where('kind', '=', 'refund').orderBy('created_at').execute();
const sandboxRefunds = () => db.selectFrom('sandbox_refunds').selectAll().execute();

/** A gateway of a test's own, named as one the service knows, answering refunds as told. */
function stubGateway(
  name: 'stripe' | 'paypal',
  refund: (request: RefundRequest) => Promise<RefundResult>,
  refundStatus?: PaymentGateway['refundStatus'],
) {
  const calls: RefundRequest[] = [];
  const gateway: PaymentGateway = {
    name,
    inputKinds: [],
    charge: () => Promise.reject(new Error('not in this test')),
    retrieve: () => Promise.reject(new Error('not in this test')),
    lookupAttempt: async () => ({ kind: 'nothing' }),
    refund: (request) => {
      calls.push(request);
      return refund(request);
    },
    ...(refundStatus ? { refundStatus } : {}),
  };
  return { gateway, calls };
}

describe('RefundService', () => {
  it('refunds a payment in full through its gateway, with a credit note and the buyer’s e-mail', async () => {
    const id = await paidAtSandbox();
    const refund = await service().refund(input(id));
    expect(refund).toMatchObject({
      transactionId: id,
      amount: 2500,
      currencyCode: 'USD',
      livemode: false,
      status: 'succeeded',
      providerRefundId: expect.stringMatching(/^re_sandbox_/),
      creditNoteNumber: 'CN-TEST-2026-000001',
      requestedBy: 'operator:op_1',
      reason: 'Duplicate purchase',
      failure: null,
      settledAt: new Date(NOW).toISOString(),
    });
    expect(await reserved(id)).toBe(2500);
    expect(await sandboxRefunds()).toMatchObject([{ amount: 2500 }]);
    const [mail] = await refundMails();
    expect(mail).toMatchObject({
      to_email: 'ada@example.com',
      subject: '[Test] Your vogue refund of $25.00',
      link: `${ORIGIN}/account?livemode=false`,
    });
    expect(mail!.body_text).toContain('We refunded the whole of your payment for Vogue Digital: $25.00, to Visa ending in 4242.');
    expect(mail!.body_text).toContain('CN-TEST-2026-000001');
    expect(kicks).toBe(1);
  });

  it('refunds in parts, each with the next credit note number, until nothing is left', async () => {
    const id = await paidAtSandbox();
    const first = await service().refund(input(id, { amount: 1000 }));
    const rest = await service().refund(input(id, { amount: 'full' }));
    expect([first.amount, rest.amount]).toEqual([1000, 1500]);
    expect([first.creditNoteNumber, rest.creditNoteNumber]).toEqual(['CN-TEST-2026-000001', 'CN-TEST-2026-000002']);
    expect((await refundMails())[0]!.body_text).toContain('We refunded part of your payment for Vogue Digital: $10.00');
    await expect(service().refund(input(id, { amount: 1 }))).rejects.toMatchObject({ status: 409, code: 'nothing_to_refund' });
    expect(await service().ofTransaction(id)).toHaveLength(2);
  });

  it('sums what was refunded of each transaction for the account, refunds under way or refused left out', async () => {
    const id = await paidAtSandbox();
    const other = await paidAtSandbox();
    await service().refund(input(id, { amount: 1000 }));
    await service().refund(input(id, { amount: 250 }));
    const refusing = stubGateway('stripe', async () => ({ status: 'failed', refundId: null, code: 'refused', message: 'no' }));
    const pending = stubGateway('paypal', async () => ({ status: 'pending', refundId: 'REFUND-P' }));
    await service([refusing.gateway]).refund(input(await paidAt('stripe', 'pi_refused')));
    const waiting = await paidAt('paypal', 'ORDER-P');
    await service([pending.gateway]).refund(input(waiting));
    const refunded = await new RefundRepository(db).refundedOf([id, other, waiting]);
    expect([...refunded]).toEqual([[id, 1250]]);
  });

  it('refuses more than is left, nothing reserved or sent', async () => {
    const id = await paidAtSandbox();
    await service().refund(input(id, { amount: 2000 }));
    await expect(service().refund(input(id, { amount: 501 }))).rejects.toMatchObject({
      status: 409,
      code: 'amount_exceeds_refundable',
      message: 'At most $5.00 of this payment can still be refunded.',
    });
    expect(await reserved(id)).toBe(2000);
    expect(await sandboxRefunds()).toHaveLength(1);
    expect(await db.selectFrom('refunds').select('id').execute()).toHaveLength(1);
  });

  it('refuses what is no refund: an unpaid or unknown payment, another currency, a bad amount', async () => {
    const id = await paidAtSandbox();
    await transactions.create(newTransactionFixture({ id: 'txn_open', gateway: 'sandbox' }));
    await expect(service().refund(input('txn_open'))).rejects.toMatchObject({ status: 409, code: 'not_refundable' });
    await expect(service().refund(input('txn_none'))).rejects.toMatchObject({ status: 404, code: 'transaction_not_found' });
    await expect(service().refund(input(id, { currencyCode: 'EUR' }))).rejects.toMatchObject({ status: 400, code: 'currency_mismatch' });
    for (const amount of [0, -5, 1.5]) {
      await expect(service().refund(input(id, { amount }))).rejects.toMatchObject({ status: 400, code: 'invalid_amount' });
    }
    await expect(service().refund(input(id, { reason: ' ' }))).rejects.toMatchObject({ status: 400, code: 'invalid_reason' });
    expect(await reserved(id)).toBe(0);
  });

  it('answers a retry with the same key with the same refund: one provider refund, one credit note, one e-mail', async () => {
    const id = await paidAtSandbox();
    const request = input(id, { amount: 700 });
    const first = await service().refund(request);
    const again = await service().refund(request);
    const [x, y] = await Promise.all([service().refund(request), service().refund(request)]);
    expect([again, x, y]).toEqual([first, first, first]);
    expect(await sandboxRefunds()).toHaveLength(1);
    expect(await refundMails()).toHaveLength(1);
    expect(await reserved(id)).toBe(700);
    // The same key for another amount is another refund meant: refused, nothing done.
    await expect(service().refund({ ...request, amount: 800 })).rejects.toMatchObject({ status: 409, code: 'idempotency_key_reused' });
  });

  it('never refunds more than was paid when refunds with different keys are asked for at once', async () => {
    // The provider answers slowly, so that both calls are in flight together.
    const slow = stubGateway('stripe', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { status: 'succeeded', refundId: `re_${request.metadata.refundId}` };
    });
    const txn = await paidAt('stripe', 'pi_concurrent');
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((k) => service([slow.gateway]).refund(input(txn, { amount: 1500, idempotencyKey: `concurrent-${k}` }))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason.code),
    ).toEqual(['amount_exceeds_refundable', 'amount_exceeds_refundable']);
    expect(slow.calls).toHaveLength(1);
    expect(await reserved(txn)).toBe(1500);
  });

  it('releases the reservation when the provider refuses, and records why', async () => {
    const refusing = stubGateway('stripe', async () => ({
      status: 'failed',
      refundId: null,
      code: 'not_refundable',
      message: 'The charge is disputed.',
    }));
    const id = await paidAt('stripe', 'pi_disputed');
    const refund = await service([refusing.gateway]).refund(input(id));
    expect(refund).toMatchObject({
      status: 'failed',
      creditNoteNumber: null,
      failure: { code: 'not_refundable', message: 'The charge is disputed.' },
    });
    expect(await reserved(id)).toBe(0);
    expect(await refundMails()).toHaveLength(0);
    // No credit note number was taken: the next refund made has the first.
    const sandboxPaid = await paidAtSandbox();
    expect((await service().refund(input(sandboxPaid))).creditNoteNumber).toBe('CN-TEST-2026-000001');
  });

  it('keeps a refund the provider never answered pending and reserved, and sends it again under its key once due', async () => {
    let down = true;
    const flaky = stubGateway('stripe', async (request) => {
      if (down) throw new Error('Stripe is out of reach');
      return { status: 'succeeded', refundId: `re_${request.idempotencyKey}` };
    });
    const id = await paidAt('stripe', 'pi_flaky');
    const request = input(id, { amount: 900 });
    await expect(service([flaky.gateway]).refund(request)).rejects.toMatchObject({ status: 503, code: 'refund_provider_unavailable' });
    const [pending] = await service().ofTransaction(id);
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: null });
    expect(await reserved(id)).toBe(900);
    // Asked again at once: another send may still be under way, so the provider is not asked again.
    down = false;
    expect(await service([flaky.gateway]).refund(request)).toMatchObject({ status: 'pending' });
    expect(flaky.calls).toHaveLength(1);
    clock += 3 * 60_000;
    const done = await service([flaky.gateway]).refund(request);
    expect(done).toMatchObject({ status: 'succeeded', creditNoteNumber: 'CN-TEST-2026-000001' });
    expect(flaky.calls.map((call) => call.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect(await reserved(id)).toBe(900);
  });

  it('stores a charge id the gateway had to look up, for the next refund', async () => {
    const finding = stubGateway('paypal', async (request) => ({
      status: 'succeeded',
      refundId: `REFUND-${request.amount}`,
      ...(request.chargeId ? {} : { chargeId: 'CAPTURE-1' }),
    }));
    const id = await paidAt('paypal', 'ORDER-1');
    await service([finding.gateway]).refund(input(id, { amount: 100 }));
    await service([finding.gateway]).refund(input(id, { amount: 100 }));
    expect(finding.calls.map((call) => call.chargeId)).toEqual([null, 'CAPTURE-1']);
  });
});

describe('RefundService with Amazon Pay (refunded later)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const SESSION = 'bd504926-f659-4ad7-a1a9-9a747aaf5275';
  const CHARGE = 'S01-1234567-1234567-C00001';
  let fake: FakeAmazonPay;
  let amazon: AmazonPayGateway;

  beforeAll(async () => {
    fake = await startFakeAmazonPay(publicKey);
    amazon = new AmazonPayGateway(
      {
        test: {
          merchantId: 'A2BCDEFGHIJ3KL',
          storeId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
          publicKeyId: 'AGPTYXGL5VH6PZ2KBM2ALPQY',
          privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          region: 'na',
          baseUrl: fake.baseUrl,
          sandbox: true,
        },
      },
      { retries: 0, sleep: async () => {} },
    );
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.addCharge(CHARGE, { amount: '25.00', currencyCode: 'USD' });
  });

  it('records the refund pending, reserved and without a credit note, then settles it when Amazon has refunded', async () => {
    const id = await paidAt('amazon-pay', SESSION, CHARGE);
    const refunds = service([amazon]);
    const pending = await refunds.refund(input(id, { amount: 1000 }));
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: expect.stringMatching(/-R\d{5}$/), creditNoteNumber: null });
    expect(await reserved(id)).toBe(1000);
    expect(await refundMails()).toHaveLength(0);
    // Read back while Amazon is still at it: nothing moves.
    expect(await refunds.settlePending()).toBe(0);
    fake.settleRefund(pending.providerRefundId!, 'Refunded');
    expect(await refunds.settlePending()).toBe(1);
    const [settled] = await refunds.ofTransaction(id);
    expect(settled).toMatchObject({ status: 'succeeded', creditNoteNumber: 'CN-TEST-2026-000001' });
    expect((await refundMails())[0]!.body_text).toContain('to Amazon Pay');
    // A notification for it later changes nothing.
    expect(await refunds.settleByProviderId(pending.providerRefundId!)).toEqual(settled);
    expect(await refundMails()).toHaveLength(1);
  });

  it('releases the reservation of a refund Amazon declines', async () => {
    const id = await paidAt('amazon-pay', SESSION, CHARGE);
    const refunds = service([amazon]);
    const pending = await refunds.refund(input(id));
    fake.settleRefund(pending.providerRefundId!, 'Declined');
    expect(await refunds.settleByProviderId(pending.providerRefundId!)).toMatchObject({ status: 'failed', failure: { code: 'refused' } });
    expect(await reserved(id)).toBe(0);
  });
});
