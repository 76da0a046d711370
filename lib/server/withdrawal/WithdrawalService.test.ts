import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { RefundService } from '@/lib/server/refunds/RefundService';
import { mailNotices } from '@/lib/server/subscriptions/mailNotices';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { SubscriptionService } from '@/lib/server/subscriptions/SubscriptionService';
import { UNMATCHED_PER_ADDRESS_PER_DAY, WithdrawalService, WITHDRAWALS_PER_CLIENT, type PublicDeclaration } from './WithdrawalService';

const ORIGIN = 'https://subscribe.example.com';
const PAID = Date.parse('2026-11-20T09:00:00.000Z');
const DAY = 24 * 3600_000;

let db: Kysely<Database>;
let clock: number;
const now = () => new Date(clock);
let sandbox: SandboxGateway;
let kicks: number;

beforeEach(async () => {
  db = await testDb();
  clock = PAID;
  kicks = 0;
  sandbox = new SandboxGateway(db, async () => undefined, now);
});
afterEach(async () => db.destroy());

const service = (gateways: readonly PaymentGateway[] = [sandbox]) =>
  new WithdrawalService({
    db,
    now,
    refunds: new RefundService({ db, gateways, now, origin: ORIGIN }),
    subscriptions: new SubscriptionService(db, gateways, mailNotices(ORIGIN, new Map()), now),
    brands: new Map([['vogue', { name: 'Vogue', identity: null as never }]]),
    origin: () => ORIGIN,
    mailQueued: () => (kicks += 1),
  });

let n = 0;
/** A paid $25.00 sandbox purchase of Vogue Digital billed to `country`, owned by ada@example.com: its subscription. */
async function bought(country = 'DE') {
  n += 1;
  const charge = await sandbox.charge(
    chargeRequestFixture({
      idempotencyKey: `attempt-${n}`,
      payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  );
  const id = `txn_${n}`;
  const transactions = new TransactionRepository(db, now);
  const fixture = newTransactionFixture({ id, gateway: 'sandbox' });
  await transactions.create({ ...fixture, customer: { ...fixture.customer, country }, buyerIdentity: 'ada@example.com' });
  await transactions.markSucceeded(id, charge.paymentId!);
  const transaction = (await transactions.findById(id))!;
  return (await new SubscriptionRepository(db, now).findById(transaction.subscriptionId!))!;
}

const contract = async (subscriptionId: string) =>
  (await service().contractOf((await new SubscriptionRepository(db, now).findById(subscriptionId))!))!;
const mails = (kind: 'withdrawal' | 'refund') => db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();
const client = { address: '203.0.113.9', userAgent: 'test' };
const declaration = (overrides: Partial<PublicDeclaration> = {}): PublicDeclaration => ({
  email: 'ADA@example.com ',
  invoiceNumber: 'inv-test-2026-000001',
  name: 'Ada Reader',
  livemode: false,
  client,
  clientKey: 'client-1',
  ...overrides,
});

describe('WithdrawalService from the account', () => {
  it('ends the subscription at once, refunds the purchase in full and queues the confirmation', async () => {
    const subscription = await bought('DE');
    clock = PAID + 3 * DAY;
    const made = await service().withdrawFromAccount(await contract(subscription.id), { client });
    expect(made).toMatchObject({ channel: 'account', email: 'ada@example.com', declaredAt: now().toISOString() });
    expect(made.refundId).toMatch(/^re_/);
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({
      status: 'ended',
      endReason: 'withdrawn',
      endedAt: now().toISOString(),
    });
    expect(await db.selectFrom('refunds').selectAll().execute()).toMatchObject([
      { amount_minor: 2500, status: 'succeeded', requested_by: 'buyer', idempotency_key: `withdrawal:${made.id}` },
    ]);
    const [confirmation] = await mails('withdrawal');
    expect(confirmation).toMatchObject({ to_email: 'ada@example.com', subject: '[Test] Your withdrawal from your Vogue contract' });
    expect(confirmation!.body_text).toContain('on November 23, 2026 at 09:00 UTC');
    expect(confirmation!.body_text).toContain('We are refunding everything you paid for it, $25.00, to Visa ending in 4242.');
    expect(await mails('refund')).toHaveLength(1);
    expect(kicks).toBe(1);

    const receipt = await service().receiptOf(await contract(subscription.id));
    expect(receipt).toMatchObject({
      receivedText: 'November 23, 2026 at 09:00 UTC',
      brandName: 'Vogue',
      offerName: 'Vogue Digital',
      invoiceNumber: 'INV-TEST-2026-000001',
      refund: { state: 'succeeded', amount: '$25.00', to: 'Visa ending in 4242' },
      emailedTo: 'ada@example.com',
    });
  });

  it('withdraws and refunds once on a double submit, and on two submits at once', async () => {
    const subscription = await bought();
    const first = await contract(subscription.id);
    const [a, b] = await Promise.all([service().withdrawFromAccount(first, { client }), service().withdrawFromAccount(first, { client })]);
    const again = await service().withdrawFromAccount(await contract(subscription.id), { client });
    expect(new Set([a.id, b.id, again.id]).size).toBe(1);
    expect(await db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('sandbox_refunds').selectAll().execute()).toHaveLength(1);
    expect(await mails('withdrawal')).toHaveLength(1);
    expect(await mails('refund')).toHaveLength(1);
  });

  it('is refused after 14 days on the subscription’s own clock, with nothing changed', async () => {
    const subscription = await bought();
    clock = PAID + 14 * DAY;
    await expect(service().withdrawFromAccount(await contract(subscription.id), { client })).rejects.toMatchObject({
      status: 409,
      code: 'withdrawal_too_late',
    });
    clock = PAID + 13 * DAY;
    await db
      .updateTable('subscriptions')
      .set({ clock_offset_ms: 2 * DAY })
      .where('id', '=', subscription.id)
      .execute();
    await expect(service().withdrawFromAccount(await contract(subscription.id), { client })).rejects.toMatchObject({
      code: 'withdrawal_too_late',
    });
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'active' });
    expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([]);
    expect(await mails('withdrawal')).toEqual([]);
  });

  it('is refused outside the EU and the UK, and allowed in the UK', async () => {
    const american = await bought('US');
    await expect(service().withdrawFromAccount(await contract(american.id), { client })).rejects.toMatchObject({
      status: 409,
      code: 'withdrawal_outside_eu_uk',
    });
    const british = await bought('GB');
    expect((await contract(british.id)).eligibility.eligible).toBe(true);
  });

  it('stands when the provider is out of reach: the refund stays pending under its key and is not made twice', async () => {
    const subscription = await bought();
    const refund = sandbox.refund!.bind(sandbox);
    sandbox.refund = () => Promise.reject(new Error('connection reset'));
    const made = await service().withdrawFromAccount(await contract(subscription.id), { client });
    expect(made.refundId).toMatch(/^re_/);
    expect(await db.selectFrom('refunds').select('status').execute()).toEqual([{ status: 'pending' }]);
    expect((await service().receiptOf(await contract(subscription.id)))?.refund.state).toBe('pending');
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'ended' });
    sandbox.refund = refund;
    await service().withdrawFromAccount(await contract(subscription.id), { client });
    expect(await db.selectFrom('refunds').selectAll().execute()).toHaveLength(1);
  });
});

describe('WithdrawalService from the public page', () => {
  it('withdraws a matching purchase, mailing the typed address, and answers as for one that does not match', async () => {
    const subscription = await bought();
    clock = PAID + DAY;
    const matched = await service().declare(declaration());
    const unmatched = await service().declare(declaration({ email: 'someone@example.com' }));
    const unknown = await service().declare(declaration({ invoiceNumber: 'INV-TEST-2026-999999' }));
    for (const answer of [matched, unmatched, unknown]) expect(Object.keys(answer)).toEqual(['receivedAt']);
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
    expect(await mails('withdrawal')).toMatchObject([{ to_email: 'ada@example.com' }]);
    expect(await db.selectFrom('sandbox_refunds').selectAll().execute()).toHaveLength(1);
    const rows = await db.selectFrom('withdrawals').selectAll().orderBy('declared_at').execute();
    expect(rows.map((row) => [row.channel, row.subscription_id !== null, row.invoice_number])).toEqual([
      ['footer', true, 'INV-TEST-2026-000001'],
      ['footer', false, 'INV-TEST-2026-000001'],
      ['footer', false, 'INV-TEST-2026-999999'],
    ]);
  });

  it('changes nothing for a purchase past 14 days, outside the EU or UK, of the other mode, or withdrawn already', async () => {
    const late = await bought();
    const american = await bought('US');
    clock = PAID + 15 * DAY;
    await service().declare(declaration());
    await service().declare(declaration({ invoiceNumber: 'INV-TEST-2026-000002' }));
    await service().declare(declaration({ livemode: true }));
    for (const subscription of [late, american]) {
      expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'active' });
    }
    expect(await mails('withdrawal')).toEqual([]);
    expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([]);
  });

  it('limits declarations per client only', async () => {
    for (let i = 0; i < WITHDRAWALS_PER_CLIENT; i += 1) await service().declare(declaration({ email: `x${i}@example.com` }));
    await expect(service().declare(declaration())).rejects.toMatchObject({ status: 429 });
    await expect(service().declare(declaration({ clientKey: 'client-2' }))).resolves.toHaveProperty('receivedAt');
  });

  it('stops matching an address whose invoices someone is guessing, from any client, for a day, and alerts', async () => {
    const subscription = await bought();
    clock = PAID + DAY;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < UNMATCHED_PER_ADDRESS_PER_DAY; i += 1) {
      await service().declare(declaration({ invoiceNumber: `INV-TEST-2026-00010${i}`, clientKey: `guesser-${i}` }));
    }
    // The right number now comes too late: recorded, answered alike, and nothing ended or refunded.
    await expect(service().declare(declaration({ clientKey: 'guesser-9' }))).resolves.toHaveProperty('receivedAt');
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'active' });
    expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([]);
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('[security] withdrawal-guessing')]);
    errors.mockRestore();

    // A day later the address matches again.
    clock = PAID + 2 * DAY + 60_000;
    await service().declare(declaration({ clientKey: 'owner' }));
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
  });
});
