import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { SandboxPaymentRepository } from './SandboxPaymentRepository';
import type { SandboxIntent, SandboxWalletPayment } from './sandboxPayments';

let db: Kysely<Database>;
let payments: SandboxPaymentRepository;

beforeEach(async () => {
  db = await testDb();
  payments = new SandboxPaymentRepository(db);
});
afterEach(async () => db.destroy());

const CREATED = '2026-03-01T10:00:00.000Z';
const ANSWERED = new Date('2026-03-01T10:05:00.000Z');

const intent = (overrides: Partial<SandboxIntent> = {}): SandboxIntent => ({
  id: 'pi_sandbox_one',
  amount: 2500,
  currencyCode: 'USD',
  status: 'requires_action',
  cardBrand: 'visa',
  renewals: 'approve',
  cardLast4: '3220',
  afterAuthentication: 'approve',
  returnUrl: '/vogue/demo-single/credit-card',
  lastErrorCode: null,
  idempotencyKey: 'key-one',
  createdAt: CREATED,
  updatedAt: CREATED,
  ...overrides,
});

const walletPayment = (overrides: Partial<SandboxWalletPayment> = {}): SandboxWalletPayment => ({
  id: 'wp_sandbox_one',
  wallet: 'paypal',
  flow: 'subscription',
  amount: 2500,
  currencyCode: 'GBP',
  description: 'Vogue: Vogue Digital',
  status: 'requires_action',
  returnUrl: '/vogue/demo-single/credit-card',
  lastErrorCode: null,
  idempotencyKey: 'key-one',
  livemode: false,
  renewals: 'approve',
  renewalsCancelledAt: null,
  createdAt: CREATED,
  updatedAt: CREATED,
  ...overrides,
});

describe('SandboxPaymentRepository: card payments', () => {
  it('gives back what it stored, by id and by idempotency key', async () => {
    const waiting = intent();
    const declined = intent({
      id: 'pi_sandbox_two',
      idempotencyKey: 'key-two',
      status: 'requires_payment_method',
      cardBrand: 'mastercard',
      afterAuthentication: null,
      returnUrl: null,
      lastErrorCode: 'insufficient_funds',
    });
    expect([await payments.insertIntent(waiting), await payments.insertIntent(declined)]).toEqual([true, true]);
    expect(await payments.findIntent(waiting.id)).toEqual(waiting);
    expect(await payments.findIntentByIdempotencyKey('key-two')).toEqual(declined);
    expect(await payments.findIntent('pi_sandbox_unknown')).toBeNull();
    expect(await payments.findIntentByIdempotencyKey('key-unknown')).toBeNull();
  });

  it('makes one payment per idempotency key: a second insert is refused and the first is left as it was', async () => {
    await payments.insertIntent(intent());
    expect(await payments.insertIntent(intent({ id: 'pi_sandbox_two', amount: 9900, status: 'succeeded' }))).toBe(false);
    expect(await payments.findIntentByIdempotencyKey('key-one')).toEqual(intent());
    expect(await payments.findIntent('pi_sandbox_two')).toBeNull();
  });

  it('lets one of many concurrent inserts under a key in', async () => {
    const inserted = await Promise.all(Array.from({ length: 8 }, (_, i) => payments.insertIntent(intent({ id: `pi_sandbox_${i}` }))));
    expect(inserted.filter(Boolean)).toHaveLength(1);
  });

  it('resolves a payment that requires action once: a second resolution changes nothing', async () => {
    await payments.insertIntent(intent());
    expect(await payments.resolveIntent('pi_sandbox_one', { status: 'succeeded', lastErrorCode: null }, ANSWERED)).toBe(true);
    expect(
      await payments.resolveIntent(
        'pi_sandbox_one',
        { status: 'requires_payment_method', lastErrorCode: 'authentication_failed' },
        new Date(),
      ),
    ).toBe(false);
    expect(await payments.findIntent('pi_sandbox_one')).toEqual(intent({ status: 'succeeded', updatedAt: ANSWERED.toISOString() }));
  });

  it('does not resolve a payment that never required action, nor one that does not exist', async () => {
    await payments.insertIntent(intent({ status: 'succeeded', afterAuthentication: null }));
    expect(
      await payments.resolveIntent('pi_sandbox_one', { status: 'requires_payment_method', lastErrorCode: 'generic_decline' }, ANSWERED),
    ).toBe(false);
    expect(await payments.resolveIntent('pi_sandbox_unknown', { status: 'succeeded', lastErrorCode: null }, ANSWERED)).toBe(false);
    expect((await payments.findIntent('pi_sandbox_one'))?.status).toBe('succeeded');
  });

  it('refuses a row holding a value the sandbox never writes, naming the row', async () => {
    await payments.insertIntent(intent());
    // Written past the table's type, as a hand edit or another program would.
    await sql`update sandbox_payment_intents set status = 'processing' where id = 'pi_sandbox_one'`.execute(db);
    await expect(payments.findIntent('pi_sandbox_one')).rejects.toThrow(
      'sandbox_payment_intents row pi_sandbox_one has status "processing"',
    );
  });
});

describe('SandboxPaymentRepository: wallet payments', () => {
  it('gives back what it stored, live mode as a boolean and the flow as the wallet makes it', async () => {
    const live = walletPayment({ livemode: true });
    const order = walletPayment({
      id: 'wp_sandbox_two',
      idempotencyKey: 'key-two',
      flow: 'order',
      wallet: 'amazon-pay',
      status: 'failed',
      lastErrorCode: 'cancelled',
    });
    await payments.insertWalletPayment(live);
    await payments.insertWalletPayment(order);
    expect(await payments.findWalletPayment('paypal', live.id)).toEqual(live);
    expect(await payments.findWalletPaymentByIdempotencyKey('amazon-pay', 'key-two')).toEqual(order);
    const stored = await db.selectFrom('sandbox_wallet_payments').select(['id', 'livemode']).orderBy('id').execute();
    expect(stored).toEqual([
      { id: 'wp_sandbox_one', livemode: 1 },
      { id: 'wp_sandbox_two', livemode: 0 },
    ]);
  });

  it("finds only the asked wallet's payments", async () => {
    await payments.insertWalletPayment(walletPayment());
    expect(await payments.findWalletPayment('amazon-pay', 'wp_sandbox_one')).toBeNull();
    expect(await payments.findWalletPaymentByIdempotencyKey('amazon-pay', 'key-one')).toBeNull();
    expect(await payments.findWalletPaymentByIdempotencyKey('paypal', 'key-one')).not.toBeNull();
  });

  it('makes one payment per idempotency key: a second insert is refused and the first is left as it was', async () => {
    await payments.insertWalletPayment(walletPayment());
    expect(await payments.insertWalletPayment(walletPayment({ id: 'wp_sandbox_two', amount: 100, livemode: true }))).toBe(false);
    expect(await payments.findWalletPaymentByIdempotencyKey('paypal', 'key-one')).toEqual(walletPayment());
    expect(await payments.findWalletPayment('paypal', 'wp_sandbox_two')).toBeNull();
  });

  it("resolves a payment once: the visitor's first answer stands", async () => {
    await payments.insertWalletPayment(walletPayment());
    expect(await payments.resolveWalletPayment('wp_sandbox_one', { status: 'failed', lastErrorCode: 'cancelled' }, ANSWERED)).toBe(true);
    expect(await payments.resolveWalletPayment('wp_sandbox_one', { status: 'succeeded', lastErrorCode: null }, new Date())).toBe(false);
    expect(await payments.findWalletPayment('paypal', 'wp_sandbox_one')).toEqual(
      walletPayment({ status: 'failed', lastErrorCode: 'cancelled', updatedAt: ANSWERED.toISOString() }),
    );
  });

  it('refuses a row holding a flow the wallets never make, naming the row', async () => {
    await payments.insertWalletPayment(walletPayment());
    await sql`update sandbox_wallet_payments set flow = 'instalments' where id = 'wp_sandbox_one'`.execute(db);
    await expect(payments.findWalletPayment('paypal', 'wp_sandbox_one')).rejects.toThrow(
      'sandbox_wallet_payments row wp_sandbox_one has flow "instalments"',
    );
  });
});
