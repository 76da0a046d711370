import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import type { Database } from '@/lib/server/db/schema';
import { TransactionRepository } from './TransactionRepository';

let db: Kysely<Database>;
let transactions: TransactionRepository;

beforeEach(async () => {
  db = await testDb();
  transactions = new TransactionRepository(db);
});
afterEach(async () => db.destroy());

const paidWith = (payment: OrderSnapshot['payment']): OrderSnapshot => ({
  offer: ORDERED_OFFERS.vogueDigital,
  lines: [],
  taxRate: { rate: 0, inclusive: false, components: [{ kind: 'tax', rate: 0 }] },
  payment,
});
const flagOf = async (id: string) => (await transactions.findById(id))?.authenticationRequested;

describe('TransactionRepository: whether 3-D Secure was asked for', () => {
  it('is not recorded for an order paid at once, nor for one declined at once', async () => {
    await transactions.create(newTransactionFixture({ id: 'txn_paid' }));
    await transactions.markSucceeded('txn_paid', 'pi_paid');
    await transactions.create(newTransactionFixture({ id: 'txn_declined' }));
    await transactions.markFailed('txn_declined', 'pi_declined', 'insufficient_funds');
    expect([await flagOf('txn_paid'), await flagOf('txn_declined')]).toEqual([false, false]);
  });

  it('is recorded when a card payment waits for the bank, and kept whatever the payment became', async () => {
    for (const id of ['txn_waiting', 'txn_paid', 'txn_failed']) {
      await transactions.create(newTransactionFixture({ id }));
      await transactions.markRequiresAction(id, `pi_${id}`);
    }
    await transactions.markSucceeded('txn_paid', 'pi_txn_paid');
    await transactions.markFailed('txn_failed', 'pi_txn_failed', 'authentication_failed');
    const rows = await Promise.all(['txn_waiting', 'txn_paid', 'txn_failed'].map((id) => transactions.findById(id)));
    expect(rows.map((row) => [row?.status, row?.authenticationRequested])).toEqual([
      ['requires_action', true],
      ['succeeded', true],
      ['failed', true],
    ]);
  });

  it.each([
    ['PayPal', { method: 'paypal' }],
    ['Amazon Pay', { method: 'amazon-pay' }],
  ] as const)("is not recorded when %s waits for the buyer's approval: that is not 3-D Secure", async (_name, payment) => {
    await transactions.create(
      newTransactionFixture({ id: 'txn_wallet', order: paidWith(payment), gateway: payment.method === 'paypal' ? 'paypal' : 'amazon-pay' }),
    );
    await transactions.markRequiresAction('txn_wallet', null);
    expect((await transactions.findById('txn_wallet'))?.status).toBe('requires_action');
    expect(await flagOf('txn_wallet')).toBe(false);
  });

  it('is not recorded on an order that has already finished', async () => {
    await transactions.create(newTransactionFixture({ id: 'txn_paid' }));
    await transactions.markSucceeded('txn_paid', 'pi_paid');
    await transactions.markRequiresAction('txn_paid', 'pi_paid');
    expect(await transactions.findById('txn_paid')).toMatchObject({ status: 'succeeded', authenticationRequested: false });
  });
});

describe('TransactionRepository: the provider’s charge a refund names', () => {
  const chargeOf = async (id: string) =>
    (await db.selectFrom('transactions').select('provider_charge_id').where('id', '=', id).executeTakeFirstOrThrow()).provider_charge_id;

  it('is kept with the paid order, and by a later report of the same payment (a webhook was first), never replaced', async () => {
    await transactions.create(newTransactionFixture({ id: 'txn_kept', gateway: 'amazon-pay' }));
    await transactions.markSucceeded('txn_kept', 'session-1', null, 'S01-1-C1');
    expect(await chargeOf('txn_kept')).toBe('S01-1-C1');

    await transactions.create(newTransactionFixture({ id: 'txn_late', gateway: 'paypal' }));
    await transactions.markSucceeded('txn_late', 'ORDER-1');
    expect(await chargeOf('txn_late')).toBeNull();
    await transactions.markSucceeded('txn_late', 'ORDER-1', null, 'CAPTURE-1');
    await transactions.recordProviderCharge('txn_late', 'CAPTURE-OTHER');
    expect(await chargeOf('txn_late')).toBe('CAPTURE-1');
    // Still one invoice: the second report moved nothing else.
    expect((await transactions.findById('txn_late'))?.invoiceNumber).toMatch(/^US-TEST-/);
  });
});

describe('TransactionRepository: the card the gateway says it charged', () => {
  const stripeSubmitted = paidWith({ method: 'card', brand: 'card', last4: '', wallet: 'apple-pay' });
  const columnsOf = (id: string) =>
    db
      .selectFrom('transactions')
      .innerJoin('subscriptions', 'subscriptions.id', 'transactions.subscription_id')
      .select(['transactions.express_wallet as order', 'subscriptions.express_wallet as subscription', 'subscriptions.payment_json'])
      .where('transactions.id', '=', id)
      .executeTakeFirstOrThrow();

  it('names the order, its subscription and their wallet columns when the payment succeeds, and is not replaced by a later report', async () => {
    await transactions.create(newTransactionFixture({ id: 'txn_stripe', gateway: 'stripe', order: stripeSubmitted }));
    await transactions.markSucceeded('txn_stripe', 'pi_1', null, undefined, { brand: 'mastercard', last4: '4444', wallet: 'google-pay' });
    // A second report of the same payment (the webhook after the submit) moves nothing.
    await transactions.markSucceeded('txn_stripe', 'pi_1', null, undefined, { brand: 'visa', last4: '4242', wallet: null });
    const paid = { method: 'card', brand: 'mastercard', last4: '4444', wallet: 'google-pay' };
    expect((await transactions.findById('txn_stripe'))?.order).toEqual({ ...stripeSubmitted, payment: paid });
    const columns = await columnsOf('txn_stripe');
    expect(columns).toMatchObject({ order: 'google-pay', subscription: 'google-pay' });
    expect(JSON.parse(columns.payment_json)).toEqual(paid);
  });

  it('keeps the payment as submitted where the gateway named no card', async () => {
    await transactions.create(newTransactionFixture({ id: 'txn_unnamed', gateway: 'stripe', order: stripeSubmitted }));
    await transactions.markSucceeded('txn_unnamed', 'pi_2');
    expect((await transactions.findById('txn_unnamed'))?.order).toEqual(stripeSubmitted);
    expect(await columnsOf('txn_unnamed')).toMatchObject({ order: 'apple-pay', subscription: 'apple-pay' });
  });
});
