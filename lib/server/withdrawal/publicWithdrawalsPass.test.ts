import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { recordingStatements } from '@/tests/fixtures/recordingStatements';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { RefundService } from '@/lib/server/refunds/RefundService';
import { mailNotices } from '@/lib/server/subscriptions/mailNotices';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { SubscriptionService } from '@/lib/server/subscriptions/SubscriptionService';
import { examinePublicWithdrawals, type PublicWithdrawalOutcome } from './publicWithdrawalsPass';
import { answerWithdrawalLink } from './withdrawalLinks';
import { WithdrawalRepository } from './WithdrawalRepository';
import { UNMATCHED_PER_ADDRESS_PER_DAY, WithdrawalService, type PublicDeclaration } from './WithdrawalService';

/** The public withdrawal page's request only records; this pass matches and acknowledges (issue 36). */

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

const service = (origin: () => string = () => ORIGIN, on: Kysely<Database> = db) =>
  new WithdrawalService({
    db: on,
    now,
    refunds: new RefundService({ db: on, gateways: [sandbox], now, origin: ORIGIN }),
    subscriptions: new SubscriptionService(on, [sandbox], mailNotices(ORIGIN, new Map()), now),
    brands: new Map([['vogue', { name: 'Vogue', identity: null as never }]]),
    origin,
    mailQueued: () => (kicks += 1),
  });

let n = 0;
/** A paid $25.00 sandbox purchase of Vogue Digital billed to Germany, bought by ada@example.com: its subscription. */
async function bought() {
  n += 1;
  const charge = await sandbox.charge(
    chargeRequestFixture({
      idempotencyKey: `pass-attempt-${n}`,
      payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  );
  const id = `txn_pass_${n}`;
  const transactions = new TransactionRepository(db, now);
  const fixture = newTransactionFixture({ id, gateway: 'sandbox' });
  await transactions.create({ ...fixture, customer: { ...fixture.customer, country: 'DE' }, buyerIdentity: 'ada@example.com' });
  await transactions.markSucceeded(id, charge.paymentId!);
  const transaction = (await transactions.findById(id))!;
  return { subscription: (await new SubscriptionRepository(db, now).findById(transaction.subscriptionId!))!, transaction };
}

let clients = 0;
const declaration = (invoiceNumber: string, overrides: Partial<PublicDeclaration> = {}): PublicDeclaration => ({
  email: 'ada@example.com',
  invoiceNumber,
  name: null,
  livemode: false,
  client: { address: '203.0.113.9', userAgent: 'test' },
  // A client of its own each time: the limit per client is not what these tests are about.
  clientKey: `client-${(clients += 1)}`,
  ...overrides,
});
const examine = (serviceFor: (origin: string | null) => Promise<WithdrawalService> = async () => service()) =>
  examinePublicWithdrawals({ db, now, log: () => undefined, serviceFor });
const acknowledgments = () => db.selectFrom('outbox').selectAll().where('kind', '=', 'withdrawal-acknowledgment').execute();
const kinds = (outcomes: PublicWithdrawalOutcome[]) => outcomes.map((outcome) => outcome.kind);

/** Rows per table, to compare what two requests wrote. */
async function rowCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of await db.introspection.getTables()) {
    const row = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .selectFrom(table.name)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    counts.set(table.name, Number(row.count));
  }
  return counts;
}
/** The tables one call wrote rows to, and how many. */
async function rowsWrittenBy(call: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await rowCounts();
  await call();
  const written: Record<string, number> = {};
  for (const [table, count] of await rowCounts()) {
    if (count !== before.get(table)) written[table] = count - (before.get(table) ?? 0);
  }
  return written;
}

/** The statements one declaration sends from the request. */
async function statementsOf(made: PublicDeclaration): Promise<string[]> {
  const { db: recorded, statements } = recordingStatements(db);
  await service(undefined, recorded).declare(made);
  return statements;
}

describe('the public withdrawal request', () => {
  it('sends the same statements, in the same order, for a match, a miss, a stranger’s address and the other mode', async () => {
    const { transaction } = await bought();
    clock = PAID + DAY;
    const invoice = transaction.invoiceNumber!;
    const matching = await statementsOf(declaration(invoice, { name: 'Ada Reader' }));
    const missing = await statementsOf(declaration('INV-TEST-2026-999999'));
    const stranger = await statementsOf(declaration(invoice, { email: 'stranger@example.com' }));
    // A test purchase named on the live page: the right address and number, the wrong partition.
    const otherMode = await statementsOf(declaration(invoice, { livemode: true }));
    expect(missing).toEqual(matching);
    expect(stranger).toEqual(matching);
    expect(otherMode).toEqual(matching);
    // The client's count against the limit and the declaration: no read of the address, the invoice or the purchase.
    expect(matching.map((statement) => statement.split(' ')[0])).toEqual(['InsertQueryNode', 'InsertQueryNode']);
    expect(matching[0]).toContain('rate_limits');
    expect(matching[1]).toContain('withdrawals');
  });

  it('writes the same rows for a declaration that matches a purchase as for one that does not: one declaration, no mail, no link', async () => {
    const { transaction } = await bought();
    clock = PAID + DAY;
    const matching = await rowsWrittenBy(() => service().declare(declaration(transaction.invoiceNumber!)));
    const missing = await rowsWrittenBy(() => service().declare(declaration('INV-TEST-2026-999999')));
    const stranger = await rowsWrittenBy(() =>
      service().declare(declaration(transaction.invoiceNumber!, { email: 'stranger@example.com' })),
    );
    expect(matching).toEqual(missing);
    expect(stranger).toEqual(missing);
    // The declaration, and the client's count against the limit: no mail, no link, nothing about the purchase.
    expect(matching).toEqual({ rate_limits: 1, withdrawals: 1 });
    const rows = await db.selectFrom('withdrawals').select(['subscription_id', 'transaction_id', 'examined_at']).execute();
    expect(rows).toEqual(Array(3).fill({ subscription_id: null, transaction_id: null, examined_at: null }));
    expect(kicks).toBe(0);
  });
});

describe('examinePublicWithdrawals', () => {
  it('acknowledges a match once, to the subscription’s own address with links that answer, when two passes run at once and when one runs again', async () => {
    const { subscription, transaction } = await bought();
    // The address typed is the purchase's billing address; the subscription's own is its owner's now.
    await db.updateTable('subscriptions').set({ owner_email: 'owner@example.com' }).where('id', '=', subscription.id).execute();
    clock = PAID + DAY;
    await service().declare(declaration(transaction.invoiceNumber!));
    clock += 1000;
    // Each pass asks for its service once it has listed the declaration: holding both there until
    // the other has listed it too makes them race for the same waiting row on every database.
    let release!: () => void;
    const bothListed = new Promise<void>((resolve) => (release = resolve));
    let listed = 0;
    const afterBothListed = async () => {
      listed += 1;
      if (listed === 2) release();
      await bothListed;
      return service();
    };
    const [first, second] = await Promise.all([examine(afterBothListed), examine(afterBothListed)]);
    const again = await examine();
    // Both passes found it waiting; the guarded update let one acknowledge it, the other found it taken.
    expect([...kinds(first!), ...kinds(second!)].sort()).toEqual(['acknowledged', 'taken']);
    expect(again).toEqual([]);
    expect(await acknowledgments()).toHaveLength(1);
    expect(await db.selectFrom('withdrawal_links').select('purpose').orderBy('purpose').execute()).toEqual([
      { purpose: 'confirm' },
      { purpose: 'object' },
    ]);
    expect(await db.selectFrom('withdrawals').select(['subscription_id', 'transaction_id', 'examined_at']).execute()).toEqual([
      { subscription_id: subscription.id, transaction_id: transaction.id, examined_at: now().toISOString() },
    ]);
    expect(kicks).toBe(1);

    // Sent to the owner, never to the address typed; its confirm link applies the withdrawal, and spends the other.
    const [acknowledgment] = await acknowledgments();
    expect(acknowledgment!.to_email).toBe('owner@example.com');
    const tokens = [...acknowledgment!.body_text.matchAll(/\/withdraw\/answer\?token=([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    const [confirm, object] = [...new Set(tokens)];
    expect(acknowledgment!.link).toBe(`${ORIGIN}/withdraw/answer?token=${confirm}&livemode=false`);
    const answer = (token: string) => answerWithdrawalLink({ db, now, service: service() }, token);
    expect(await answer(confirm!)).toMatchObject({ answer: 'confirmed', withdrawal: { emailedTo: 'owner@example.com' } });
    expect(await new SubscriptionRepository(db, now).findById(subscription.id)).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
    await expect(answer(object!)).rejects.toMatchObject({ status: 410, code: 'withdrawal_link_used' });
  });

  it('acknowledges a declaration made on day 14 that is examined after the 14 days ended, its links dated from the declaration', async () => {
    const { subscription, transaction } = await bought();
    clock = PAID + 14 * DAY - 1000;
    await service().declare(declaration(transaction.invoiceNumber!));
    const declaredAt = now().toISOString();
    clock = PAID + 14 * DAY + 1000;
    // Were it declared now, it would be too late.
    expect((await service().contractOf(subscription))!.eligibility).toMatchObject({ eligible: false, reason: 'too_late' });
    expect(kinds(await examine())).toEqual(['acknowledged']);
    const [acknowledgment] = await acknowledgments();
    expect(acknowledgment!.body_text).toContain('On December 4, 2026 at 08:59 UTC, a withdrawal from your contract');
    expect(await new WithdrawalRepository(db).ofSubscription(subscription.id)).toMatchObject({ declaredAt, appliedAt: null });
  });

  it('marks unmatched what names no purchase, and a second declaration of a purchase named already', async () => {
    const { transaction } = await bought();
    clock = PAID + DAY;
    await service().declare(declaration(transaction.invoiceNumber!));
    clock += 1000;
    await service().declare(declaration(transaction.invoiceNumber!));
    clock += 1000;
    await service().declare(declaration('INV-TEST-2026-999999'));
    clock += 1000;
    expect(kinds(await examine())).toEqual(['acknowledged', 'unmatched', 'unmatched']);
    expect(await acknowledgments()).toHaveLength(1);
    expect(await new WithdrawalRepository(db).unexamined(10)).toEqual([]);
  });

  it('counts for the guessing rule only the declarations it has examined and found unmatched', async () => {
    const { subscription, transaction } = await bought();
    clock = PAID + DAY;
    for (let i = 0; i < UNMATCHED_PER_ADDRESS_PER_DAY; i += 1) {
      await service().declare(declaration(`INV-TEST-2026-00010${i}`));
      clock += 1000;
    }
    await service().declare(declaration(transaction.invoiceNumber!));
    const withdrawals = new WithdrawalRepository(db);
    expect(await withdrawals.unmatchedSince('ada@example.com', new Date(PAID), now())).toBe(0);
    // The three wrong guesses cannot be examined this time (the database away for them): they stay unexamined, so they
    // count for nothing yet, and the right number after them is acknowledged.
    let calls = 0;
    const failingThrice = async () => {
      calls += 1;
      if (calls <= UNMATCHED_PER_ADDRESS_PER_DAY) throw new Error('connection reset');
      return service();
    };
    clock += 1000;
    expect(kinds(await examine(failingThrice))).toEqual(['left', 'left', 'left', 'acknowledged']);
    expect(await withdrawals.ofSubscription(subscription.id)).not.toBeNull();
    expect(await withdrawals.unmatchedSince('ada@example.com', new Date(PAID), now())).toBe(0);
    expect(kinds(await examine())).toEqual(['unmatched', 'unmatched', 'unmatched']);
    expect(await withdrawals.unmatchedSince('ada@example.com', new Date(PAID), now())).toBe(UNMATCHED_PER_ADDRESS_PER_DAY);
  });

  it('leaves a declaration it cannot acknowledge (no site address) with nothing written, and goes on with the next', async () => {
    const first = await bought();
    const second = await bought();
    clock = PAID + DAY;
    await service().declare(declaration(first.transaction.invoiceNumber!));
    // Declared where no site address was known; and the pass's service has none either (PUBLIC_ORIGIN unset).
    await db.updateTable('withdrawals').set({ origin: null }).execute();
    clock += 1000;
    await service().declare(declaration(second.transaction.invoiceNumber!));
    const noOrigin = () => {
      throw new HttpError(503, 'public_origin_missing', 'The site address (PUBLIC_ORIGIN) is not configured.');
    };
    const log = vi.fn();
    clock += 1000;
    const outcomes = await examinePublicWithdrawals({
      db,
      now,
      log,
      serviceFor: async (origin) => service(origin === null ? noOrigin : () => origin),
    });
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['left', 'acknowledged']);
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^\[withdrawal-page\] could not examine withdrawal wdr_/),
      expect.any(HttpError),
    );
    expect(JSON.stringify(log.mock.calls)).not.toContain('ada@example.com');
    // The failed one wrote nothing (its transaction rolled back) and waits for the next pass.
    const withdrawals = new WithdrawalRepository(db);
    expect(await withdrawals.ofSubscription(first.subscription.id)).toBeNull();
    expect(await withdrawals.unexamined(10)).toMatchObject([{ id: outcomes[0]!.withdrawalId, subscriptionId: null }]);
    expect(await db.selectFrom('withdrawal_links').selectAll().execute()).toHaveLength(2);
    expect(await acknowledgments()).toHaveLength(1);
    expect(await examine()).toEqual([{ kind: 'acknowledged', withdrawalId: outcomes[0]!.withdrawalId }]);
  });
});
