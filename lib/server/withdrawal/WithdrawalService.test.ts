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
import { OBJECTION_WINDOW_DAYS, REFUND_DEADLINE_DAYS } from '@/lib/withdrawal/withdrawalPolicy';
import { examinePublicWithdrawals } from './publicWithdrawalsPass';
import { applyWaitingWithdrawals } from './waitingWithdrawalsPass';
import { answerWithdrawalLink } from './withdrawalLinks';
import { WithdrawalRepository } from './WithdrawalRepository';
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
      receivedAt: '2026-11-23T09:00:00.000Z',
      brandName: 'Vogue',
      offerName: 'Vogue Digital',
      invoiceNumber: 'INV-TEST-2026-000001',
      refund: { state: 'succeeded', amount: { cents: 2500, currency: 'USD' }, to: 'Visa ending in 4242' },
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
      .insertInto('subscription_test_clocks')
      .values({ subscription_id: subscription.id, offset_ms: 2 * DAY, moved_at: null })
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
  const subscriptionOf = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))!;
  const acknowledgments = () => db.selectFrom('outbox').selectAll().where('kind', '=', 'withdrawal-acknowledgment').execute();
  /** The confirm and "this was not me" tokens of the newest acknowledgment, read from its text as the subscriber reads them. */
  async function linksOf() {
    const mail = (await acknowledgments()).at(-1)!;
    const tokens = [...mail.body_text.matchAll(/\/withdraw\/answer\?token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    const [confirm, object] = [...new Set(tokens)];
    return { confirm: confirm!, object: object! };
  }
  const answer = (token: string) => answerWithdrawalLink({ db, now, service: service() }, token);
  const pass = () => applyWaitingWithdrawals({ db, now, log: () => undefined, serviceFor: async () => service() });
  /** The background pass that matches and acknowledges what the page recorded (a second after, as the kick does). */
  async function examine() {
    clock += 1000;
    await examinePublicWithdrawals({ db, now, log: () => undefined, serviceFor: async () => service() });
    clock -= 1000;
  }
  /** The subscription's own address differs from the one typed (the purchase's billing address): the mail goes to the own one. */
  async function ownedBy(subscriptionId: string, owner: string) {
    await db.updateTable('subscriptions').set({ owner_email: owner }).where('id', '=', subscriptionId).execute();
  }

  it('ends and refunds nothing on a correct guess: it acknowledges to the subscription’s own address with both links', async () => {
    const subscription = await bought();
    await ownedBy(subscription.id, 'owner@example.com');
    clock = PAID + DAY;
    await service().declare(declaration({ name: 'Mallory' }));
    await examine();
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'active', endedAt: null });
    expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([]);
    expect(await mails('withdrawal')).toEqual([]);
    const [acknowledgment] = await acknowledgments();
    expect(acknowledgment).toMatchObject({
      to_email: 'owner@example.com',
      subject: '[Test] Please confirm your withdrawal from your Vogue contract',
    });
    expect(acknowledgment!.body_text).toContain('On November 21, 2026 at 09:00 UTC, a withdrawal from your contract for Vogue Digital');
    expect(acknowledgment!.body_text).toContain('If you do nothing, we do the same on November 24, 2026 at 09:00 UTC.');
    const { confirm, object } = await linksOf();
    expect(acknowledgment!.link).toBe(`${ORIGIN}/withdraw/answer?token=${confirm}&livemode=false`);
    expect(acknowledgment!.body_text).toContain(`${ORIGIN}/withdraw/answer?token=${object}&livemode=false`);
    // Only the tokens' hashes are kept.
    const links = await db.selectFrom('withdrawal_links').selectAll().execute();
    expect(links.map((link) => link.purpose).sort()).toEqual(['confirm', 'object']);
    expect(JSON.stringify(links)).not.toContain(confirm);
    const [row] = await db.selectFrom('withdrawals').selectAll().execute();
    expect(row).toMatchObject({
      subscription_id: subscription.id,
      email: 'ada@example.com',
      applied_at: null,
      declared_at: now().toISOString(),
    });
    // Not withdrawn yet: the account still offers its owner the withdrawal, which applies this one.
    expect((await contract(subscription.id)).eligibility.eligible).toBe(true);
    expect(await service().receiptOf(await contract(subscription.id))).toBeNull();
  });

  it('answers a match exactly as a non-match (and as an unknown invoice)', async () => {
    await bought();
    clock = PAID + DAY;
    const matched = await service().declare(declaration());
    const unmatched = await service().declare(declaration({ email: 'someone@example.com' }));
    const unknown = await service().declare(declaration({ invoiceNumber: 'INV-TEST-2026-999999' }));
    await examine();
    expect(unmatched).toEqual(matched);
    expect(unknown).toEqual(matched);
    expect(await acknowledgments()).toHaveLength(1);
    const rows = await db.selectFrom('withdrawals').selectAll().orderBy('declared_at').orderBy('subscription_id').execute();
    expect(rows.map((row) => [row.channel, row.subscription_id !== null, row.invoice_number]).sort()).toEqual([
      ['footer', false, 'INV-TEST-2026-000001'],
      ['footer', false, 'INV-TEST-2026-999999'],
      ['footer', true, 'INV-TEST-2026-000001'],
    ]);
  });

  it('ends and refunds once when the subscriber confirms, dated from the declaration; the links then are spent', async () => {
    const subscription = await bought();
    await ownedBy(subscription.id, 'owner@example.com');
    clock = PAID + DAY;
    await service().declare(declaration());
    await examine();
    const declaredAt = now().toISOString();
    const { confirm, object } = await linksOf();
    clock = PAID + DAY + 3600_000;
    const answered = await answer(confirm);
    expect(answered).toMatchObject({
      answer: 'confirmed',
      withdrawal: {
        receivedAt: declaredAt,
        emailedTo: 'owner@example.com',
        refund: { state: 'succeeded', amount: { cents: 2500, currency: 'USD' } },
      },
    });
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'ended', endReason: 'withdrawn', endedAt: now().toISOString() });
    expect(await mails('withdrawal')).toMatchObject([{ to_email: 'owner@example.com' }]);
    expect((await mails('withdrawal'))[0]!.body_text).toContain('on November 21, 2026 at 09:00 UTC');
    await expect(answer(confirm)).rejects.toMatchObject({ status: 410, code: 'withdrawal_link_used' });
    await expect(answer(object)).rejects.toMatchObject({ status: 410, code: 'withdrawal_link_used' });
    clock = PAID + 5 * DAY;
    expect(await pass()).toEqual([]);
    expect(await db.selectFrom('sandbox_refunds').selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('refunds').select('idempotency_key').execute()).toHaveLength(1);
    expect(await mails('withdrawal')).toHaveLength(1);
    expect(await mails('refund')).toHaveLength(1);
  });

  it('applies once when two uses of the link race, and when passes on two instances race a late confirmation', async () => {
    const first = await bought();
    clock = PAID + DAY;
    await service().declare(declaration());
    await examine();
    const { confirm } = await linksOf();
    const answers = await Promise.allSettled([answer(confirm), answer(confirm)]);
    expect(answers.filter((a) => a.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(await subscriptionOf(first.id)).toMatchObject({ status: 'ended' });

    const second = await bought();
    await service().declare(declaration({ invoiceNumber: 'INV-TEST-2026-000002', clientKey: 'client-2' }));
    await examine();
    const waiting = (await new WithdrawalRepository(db).ofSubscription(second.id))!;
    clock = PAID + 4 * DAY;
    await Promise.allSettled([pass(), pass(), service().applyDeclared(waiting)]);
    expect(await subscriptionOf(second.id)).toMatchObject({ status: 'ended' });
    expect(await db.selectFrom('sandbox_refunds').selectAll().execute()).toHaveLength(2);
    expect(await mails('withdrawal')).toHaveLength(2);
    expect(await mails('refund')).toHaveLength(2);
  });

  it('keeps the subscription on "this was not me", records it for customer care, and never applies it', async () => {
    const subscription = await bought();
    clock = PAID + DAY;
    await service().declare(declaration());
    await examine();
    const { confirm, object } = await linksOf();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await answer(object)).toEqual({ answer: 'objected', offerName: 'Vogue Digital' });
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('[security] withdrawal-objected')]);
    errors.mockRestore();
    const [row] = await db.selectFrom('withdrawals').selectAll().execute();
    expect(row).toMatchObject({
      subscription_id: null,
      transaction_id: subscription.transactionId,
      applied_at: null,
      objected_at: now().toISOString(),
    });
    const audit = await db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toMatchObject([{ action: 'withdrawal.objected', target: `subscription:${subscription.id}` }]);
    await expect(answer(confirm)).rejects.toMatchObject({ status: 410 });
    await expect(answer(object)).rejects.toMatchObject({ status: 410 });
    clock = PAID + 10 * DAY;
    expect(await pass()).toEqual([]);
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'active' });
    expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([]);
    expect(await mails('withdrawal')).toEqual([]);
    // The owner may still withdraw from the account.
    expect((await contract(subscription.id)).eligibility.eligible).toBe(true);
  });

  it('applies it once in the pass after the objection window, within 14 days of the declaration even when declared on day 13', async () => {
    const subscription = await bought();
    clock = PAID + 13 * DAY;
    await service().declare(declaration());
    await examine();
    const declaredAt = clock;
    clock = declaredAt + OBJECTION_WINDOW_DAYS * DAY - 1;
    expect(await pass()).toEqual([]);
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'active' });
    clock = declaredAt + OBJECTION_WINDOW_DAYS * DAY;
    const [applied] = await pass();
    expect(applied).toMatchObject({ kind: 'applied' });
    expect(await pass()).toEqual([]);
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
    const refunds = await db.selectFrom('refunds').selectAll().execute();
    expect(refunds).toMatchObject([{ amount_minor: 2500, status: 'succeeded' }]);
    expect(Date.parse(refunds[0]!.created_at) - declaredAt).toBeLessThanOrEqual(REFUND_DEADLINE_DAYS * DAY);
    expect(await db.selectFrom('sandbox_refunds').selectAll().execute()).toHaveLength(1);
    expect(await mails('withdrawal')).toHaveLength(1);
    const { confirm } = await linksOf();
    await expect(answer(confirm)).rejects.toMatchObject({ status: 410 });
  });

  it('is applied at once when its owner withdraws from the account meanwhile', async () => {
    const subscription = await bought();
    clock = PAID + DAY;
    await service().declare(declaration());
    await examine();
    const made = await service().withdrawFromAccount(await contract(subscription.id), { client });
    expect(made).toMatchObject({ channel: 'footer', declaredAt: now().toISOString() });
    expect(made.appliedAt).not.toBeNull();
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'ended' });
    expect(await db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(1);
    clock = PAID + 5 * DAY;
    expect(await pass()).toEqual([]);
    expect(await db.selectFrom('sandbox_refunds').selectAll().execute()).toHaveLength(1);
  });

  it('changes nothing for a purchase past 14 days, outside the EU or UK, of the other mode, or withdrawn already', async () => {
    const late = await bought();
    const american = await bought('US');
    clock = PAID + 15 * DAY;
    await service().declare(declaration());
    await service().declare(declaration({ invoiceNumber: 'INV-TEST-2026-000002' }));
    await service().declare(declaration({ livemode: true }));
    await examine();
    for (const subscription of [late, american]) {
      expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'active' });
    }
    expect(await mails('withdrawal')).toEqual([]);
    expect(await acknowledgments()).toEqual([]);
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
      // A second apart: the pass takes them in the order they were declared.
      clock += 1000;
    }
    // The right number now comes too late: recorded, answered alike, and nothing acknowledged, ended or refunded.
    await expect(service().declare(declaration({ clientKey: 'guesser-9' }))).resolves.toHaveProperty('receivedAt');
    await examine();
    expect(await acknowledgments()).toEqual([]);
    expect(await db.selectFrom('refunds').selectAll().execute()).toEqual([]);
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('[security] withdrawal-guessing')]);
    errors.mockRestore();

    // A day later the address matches again: its subscriber is asked.
    clock = PAID + 2 * DAY + 60_000;
    await service().declare(declaration({ clientKey: 'owner' }));
    await examine();
    expect(await acknowledgments()).toHaveLength(1);
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'active' });
  });
});
