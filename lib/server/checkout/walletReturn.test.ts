import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { PaymentProviderUnavailable } from '@/lib/server/payments/providerUnavailable';
import { sha256 } from '@/lib/server/ids';
import type { ChargeResult, GatewayName, PaymentGateway, WalletReturn } from '@/lib/server/payments/PaymentGateway';
import { TransactionRepository } from './TransactionRepository';
import { continueWalletReturn, type WalletReturnVisit } from './walletReturn';

const KEY = '7d0c3c5e-3e4f-4a51-9a55-2f4a5c1b9e01';
const TXN = 'txn_0123456789abcdef01234567';
const PAYMENT_STEP = '/vogue/demo-single/credit-card?livemode=false';

let db: Kysely<Database>;
let visits: WalletReturn[];
let answer: (visit: WalletReturn) => Promise<{ redirect: string } | ChargeResult>;

/** An Amazon Pay gateway as the return page sees it: resume() answers what the test says. */
function walletGateway(name: GatewayName = 'amazon-pay'): PaymentGateway {
  return {
    name,
    inputKinds: ['amazon-pay'],
    charge: async () => {
      throw new Error('not on the return page');
    },
    retrieve: async () => {
      throw new Error('not on the return page');
    },
    lookupAttempt: async () => ({ kind: 'unknown', reason: 'not asked here' }),
    resume: async (visit) => {
      visits.push(visit);
      return answer(visit);
    },
  };
}

const visit = (overrides: Partial<WalletReturnVisit> = {}): WalletReturnVisit => ({
  transactionId: TXN,
  stage: 'review',
  sessionId: 'bd504926-f659-4ad7-a1a9-9a747aaf5275',
  receiptToken: KEY,
  paymentStepPath: PAYMENT_STEP,
  origin: 'https://subscribe.example.com',
  ...overrides,
});

beforeEach(async () => {
  db = await testDb();
  visits = [];
  const transactions = new TransactionRepository(db);
  await transactions.create(
    newTransactionFixture({
      id: TXN,
      receiptTokenHash: sha256(KEY),
      order: {
        offer: ORDERED_OFFERS.vogueDigital,
        lines: [],
        taxRate: { rate: 0, inclusive: false, components: [{ kind: 'tax', rate: 0 }] },
        payment: { method: 'amazon-pay' },
      },
      gateway: 'amazon-pay',
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Reader', country: 'US', region: 'NH' },
    }),
  );
  await transactions.markRequiresAction(TXN, null);
});
afterEach(async () => db.destroy());

const deps = (gateway = walletGateway()) => ({ db, gateways: [gateway], now: () => new Date() });
const stored = async () => (await new TransactionRepository(db).findById(TXN))!;

describe('continueWalletReturn', () => {
  it('back from the review: the wallet is told the amount, the offer and where to come back, then the visitor goes on to pay', async () => {
    answer = async () => ({ redirect: 'https://payments.amazon.com/checkout/processing?x=1' });
    expect(await continueWalletReturn(deps(), visit())).toEqual({
      kind: 'redirect',
      to: 'https://payments.amazon.com/checkout/processing?x=1',
    });
    expect(visits).toEqual([
      {
        stage: 'review',
        sessionId: 'bd504926-f659-4ad7-a1a9-9a747aaf5275',
        amount: 2500,
        currencyCode: 'USD',
        livemode: false,
        idempotencyKey: KEY,
        resultReturnUrl: `https://subscribe.example.com/vogue/demo-single/credit-card/amazon-pay?livemode=false&attempt=${TXN}&stage=result`,
        purchase: { offerId: '1001', name: 'Vogue Digital', renewal: { interval: 'year', amount: 5000 }, trialDays: null },
      },
    ]);
    expect((await stored()).gatewayPaymentId).toBe('bd504926-f659-4ad7-a1a9-9a747aaf5275');
  });

  it('back from paying: a completed payment is recorded and the visitor sees the success page; a second visit charges nothing more', async () => {
    answer = async () => ({ status: 'succeeded', paymentId: 'bd504926-f659-4ad7-a1a9-9a747aaf5275' });
    const first = await continueWalletReturn(deps(), visit({ stage: 'result' }));
    expect(first).toEqual({ kind: 'redirect', to: '/vogue/demo-single/success?livemode=false' });
    expect((await stored()).status).toBe('succeeded');
    expect((await stored()).invoiceNumber).toMatch(/^US-TEST-/);
    expect(await continueWalletReturn(deps(), visit({ stage: 'result' }))).toEqual(first);
    expect(visits).toHaveLength(1);
  });

  it('a declined or cancelled payment goes back to the payment step with the reason, recorded once', async () => {
    answer = async () => ({ status: 'failed', paymentId: 'bd504926', code: 'cancelled' });
    expect(await continueWalletReturn(deps(), visit({ stage: 'result' }))).toEqual({
      kind: 'redirect',
      to: `${PAYMENT_STEP}&payment_failed=cancelled`,
    });
    expect((await stored()).status).toBe('failed');
    expect(await continueWalletReturn(deps(), visit({ stage: 'review' }))).toEqual({
      kind: 'redirect',
      to: `${PAYMENT_STEP}&payment_failed=cancelled`,
    });
    expect(visits).toHaveLength(1);
  });

  it.each<[string, Partial<WalletReturnVisit>, number]>([
    ['without the receipt of the browser that paid', { receiptToken: null }, 403],
    ["with another attempt's key", { receiptToken: '00000000-0000-4000-8000-000000000000' }, 403],
    ['for a transaction that does not exist', { transactionId: 'txn_ffffffffffffffffffffffff' }, 403],
    ['without the site address', { origin: null }, 503],
  ])('refuses a return %s, telling the wallet nothing', async (_label, overrides, status) => {
    answer = async () => ({ redirect: 'https://payments.amazon.com/x' });
    const outcome = await continueWalletReturn(deps(), visit(overrides));
    expect(outcome).toMatchObject({ kind: 'refused', status });
    expect(visits).toEqual([]);
  });

  it("refuses a card payment's transaction: the page finishes Amazon Pay payments only", async () => {
    const card: PaymentGateway = { ...walletGateway(), resume: undefined };
    expect(await continueWalletReturn(deps(card), visit())).toEqual({
      kind: 'refused',
      status: 400,
      message: 'This page finishes Amazon Pay payments only.',
    });
  });

  it("shows the wallet's own refusal (a session of another order) and changes nothing", async () => {
    answer = async () => {
      throw new HttpError(409, 'amazon_pay_session_mismatch', 'This Amazon Pay checkout belongs to another order.');
    };
    expect(await continueWalletReturn(deps(), visit({ stage: 'result' }))).toEqual({
      kind: 'refused',
      status: 409,
      message: 'This Amazon Pay checkout belongs to another order.',
    });
    expect((await stored()).status).toBe('requires_action');
  });

  it('says that Amazon Pay is down in the language the order was placed in', async () => {
    await db.updateTable('transactions').set({ locale: 'de-DE' }).where('id', '=', TXN).execute();
    answer = async () => {
      throw new PaymentProviderUnavailable('amazon-pay', new Error('timeout'));
    };
    expect(await continueWalletReturn(deps(), visit({ stage: 'result' }))).toEqual({
      kind: 'refused',
      status: 503,
      message: 'Amazon Pay ist gerade nicht erreichbar. Es wurde nichts berechnet. Versuchen Sie es in ein paar Minuten erneut.',
    });
    expect((await stored()).status).toBe('requires_action');
  });
});
