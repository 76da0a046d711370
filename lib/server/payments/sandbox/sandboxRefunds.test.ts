import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import type { Database } from '@/lib/server/db/schema';
import type { RefundRequest } from '@/lib/server/payments/PaymentGateway';
import { SandboxGateway } from './SandboxGateway';
import { SandboxWalletGateway } from './SandboxWalletGateway';
import { SANDBOX_REFUND_ID } from './sandboxRefunds';

let db: Kysely<Database>;
let card: SandboxGateway;
let paypal: SandboxWalletGateway;
let amazon: SandboxWalletGateway;

beforeEach(async () => {
  db = await testDb();
  const ignore = async () => undefined;
  card = new SandboxGateway(db, ignore);
  paypal = new SandboxWalletGateway('paypal', db, ignore);
  amazon = new SandboxWalletGateway('amazon-pay', db, ignore);
});
afterEach(async () => db.destroy());

let keys = 0;
const refundRequest = (paymentId: string, overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  paymentId,
  chargeId: null,
  kind: 'purchase',
  paidAt: '2026-11-01T00:00:00.000Z',
  amount: 1000,
  paidAmount: 2500,
  currencyCode: 'USD',
  livemode: false,
  idempotencyKey: `refund-${(keys += 1)}`,
  reason: 'customer care',
  metadata: { refundId: 're_1', transactionId: 'txn_1' },
  ...overrides,
});

async function paidCard(number = '4242424242424242'): Promise<string> {
  const result = await card.charge(
    chargeRequestFixture({
      idempotencyKey: `charge-${(keys += 1)}`,
      payment: { kind: 'sandbox-card', number, expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  );
  return result.paymentId!;
}

async function paidWallet(gateway: SandboxWalletGateway): Promise<string> {
  const result = await gateway.charge(chargeRequestFixture({ idempotencyKey: `charge-${(keys += 1)}`, payment: { kind: gateway.wallet } }));
  await gateway.answer(result.paymentId!, 'approve');
  return result.paymentId!;
}

describe('the sandbox refunds', () => {
  it('refunds a card payment at once, in parts, never more than it took, and records each refund', async () => {
    const paymentId = await paidCard();
    const first = await card.refund(refundRequest(paymentId, { amount: 2000 }));
    expect(first).toEqual({ status: 'succeeded', refundId: expect.stringMatching(SANDBOX_REFUND_ID) });
    expect(await card.refund(refundRequest(paymentId, { amount: 600 }))).toMatchObject({ status: 'failed', code: 'amount_too_large' });
    expect(await card.refund(refundRequest(paymentId, { amount: 500 }))).toMatchObject({ status: 'succeeded' });
    const rows = await db.selectFrom('sandbox_refunds').select(['payment_id', 'amount']).orderBy('amount', 'desc').execute();
    expect(rows).toEqual([
      { payment_id: paymentId, amount: 2000 },
      { payment_id: paymentId, amount: 500 },
    ]);
    expect(await card.refundStatus((first as { refundId: string }).refundId)).toEqual(first);
  });

  it('makes one refund per idempotency key: a repeat answers the first', async () => {
    const paymentId = await paidCard();
    const request = refundRequest(paymentId);
    const [a, b] = await Promise.all([card.refund(request), card.refund(request)]);
    expect(b).toEqual(a);
    expect(await db.selectFrom('sandbox_refunds').select('id').execute()).toHaveLength(1);
  });

  it('refuses a payment that took nothing, one it does not know, and another currency', async () => {
    const declined = await paidCard('4000000000000002');
    expect(await card.refund(refundRequest(declined))).toMatchObject({ status: 'failed', code: 'payment_not_found' });
    expect(await card.refund(refundRequest('pi_sandbox_unknown'))).toMatchObject({ status: 'failed', code: 'payment_not_found' });
    expect(await card.refund(refundRequest(await paidCard(), { currencyCode: 'EUR' }))).toMatchObject({
      status: 'failed',
      code: 'refused',
    });
  });

  it('refunds the sandbox wallets’ payments, and the sandbox PayPal’s renewal sales up to what the renewal took', async () => {
    expect(await paypal.refund(refundRequest(await paidWallet(paypal), { amount: 2500 }))).toMatchObject({ status: 'succeeded' });
    expect(await amazon.refund(refundRequest(await paidWallet(amazon)))).toMatchObject({ status: 'succeeded' });
    const sale = 'SALE-0123456789ABCDEF0';
    expect(await paypal.refund(refundRequest(sale, { kind: 'renewal', amount: 2500 }))).toMatchObject({ status: 'succeeded' });
    expect(await paypal.refund(refundRequest(sale, { kind: 'renewal', amount: 1 }))).toMatchObject({
      status: 'failed',
      code: 'amount_too_large',
    });
    // A sale is the sandbox PayPal's only: Amazon Pay's renewals are payments it keeps.
    expect(await amazon.refund(refundRequest(sale, { kind: 'renewal' }))).toMatchObject({ status: 'failed', code: 'payment_not_found' });
  });
});
