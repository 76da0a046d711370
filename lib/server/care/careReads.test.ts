import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { readAudit } from '@/lib/server/operators/auditLog';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import { securityAlert } from '@/lib/server/security/securityAlert';
import { CARE_SEARCH_MAX_HITS } from './CareDirectory';
import { CARE_CUSTOMER_READS_PER_HOUR, CARE_SEARCHES_PER_HOUR, careSearch, careView } from './careReads';

vi.mock('@/lib/server/security/securityAlert', () => ({ securityAlert: vi.fn() }));

let db: Kysely<Database>;
let clock: Date;
let n = 0;
const deps = () => ({ db, clock: () => clock });

beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-27T10:05:00.000Z');
  vi.mocked(securityAlert).mockClear();
});
afterEach(async () => db.destroy());

const caller = (id = 'opr_care1'): OperatorCaller => ({
  operator: {
    id,
    email: `${id}@ops.example`,
    name: 'Care',
    role: 'care',
    enrolled: true,
    createdAt: clock.toISOString(),
    disabledAt: null,
  },
  via: 'session',
  actor: { operatorId: id, label: `operator:${id}@ops.example`, client: '203.0.113.7' },
});

/** A paid subscription billed to `email`: its id and invoice number. */
async function bought(email: string): Promise<{ subscriptionId: string; invoiceNumber: string }> {
  const transactions = new TransactionRepository(db, () => clock);
  const id = `txn_reads_${(n += 1)}`;
  const base = newTransactionFixture({ id, gateway: 'sandbox' });
  await transactions.create({ ...base, customer: { ...base.customer, email } });
  await transactions.markSucceeded(id, `pay_${id}`);
  const paid = (await transactions.findById(id))!;
  return { subscriptionId: paid.subscriptionId!, invoiceNumber: paid.invoiceNumber! };
}

const entries = async () => (await readAudit(db, { limit: 1000 })).reverse();

describe('care reads in the audit log', () => {
  it('records who searched (the kind, the subscriptions found, not the address) and who opened which customer', async () => {
    const { subscriptionId, invoiceNumber } = await bought('ada@example.com');
    expect(await careSearch(deps(), caller(), 'Ada@Example.com')).toMatchObject([{ subscriptionId }]);
    expect(await careSearch(deps(), caller(), invoiceNumber)).toMatchObject([{ subscriptionId }]);
    expect(await careView(deps(), caller(), subscriptionId)).toMatchObject({ subscription: { id: subscriptionId } });
    const audit = await entries();
    expect(audit.map((entry) => [entry.action, entry.operatorId, entry.target, entry.after])).toEqual([
      ['care.searched', 'opr_care1', null, { kind: 'email', hits: 1, subscriptions: [subscriptionId] }],
      ['care.searched', 'opr_care1', null, { kind: 'invoice', hits: 1, subscriptions: [subscriptionId] }],
      ['care.viewed', 'opr_care1', `subscription:${subscriptionId}`, null],
    ]);
    expect(JSON.stringify(audit)).not.toContain('ada@example.com');
    expect(JSON.stringify(audit)).not.toContain(invoiceNumber);
    // The customer's history shows what care did, not who read it.
    const again = await careView(deps(), caller(), subscriptionId);
    expect(again!.events.map((event) => event.text).join('\n')).not.toMatch(/care\.(viewed|searched)/);
  });

  it('records a search that found nothing too, and nothing for a subscription that does not exist', async () => {
    expect(await careSearch(deps(), caller(), 'nobody@example.com')).toEqual([]);
    expect(await careView(deps(), caller(), 'sub_aaaaaaaaaaaaaaaa')).toBeNull();
    expect((await entries()).map((entry) => [entry.action, entry.after])).toEqual([
      ['care.searched', { kind: 'email', hits: 0, subscriptions: [] }],
    ]);
  });
});

// Each test makes 51 to 201 purchases, searches or reads, each writing or reading its history:
// more than the default 5 s on PostgreSQL beside a build or other suites.
describe('care reads per operator', { timeout: 30_000 }, () => {
  it(`answers at most ${CARE_SEARCH_MAX_HITS} subscriptions a search`, async () => {
    for (let i = 0; i <= CARE_SEARCH_MAX_HITS; i += 1) await bought('many@example.com');
    expect(await careSearch(deps(), caller(), 'many@example.com')).toHaveLength(CARE_SEARCH_MAX_HITS);
  });

  it(`refuses with 429 past ${CARE_CUSTOMER_READS_PER_HOUR} distinct customers an hour, alerts once, and counts a customer read again as one`, async () => {
    const ids: string[] = [];
    for (let i = 0; i <= CARE_CUSTOMER_READS_PER_HOUR; i += 1) ids.push((await bought(`c${i}@example.com`)).subscriptionId);
    const [last, ...first] = [ids.at(-1)!, ...ids.slice(0, -1)];
    for (const id of first) await careView(deps(), caller(), id);
    // Reading one of them again costs nothing.
    expect(await careView(deps(), caller(), first[0]!)).not.toBeNull();
    const refused = await careView(deps(), caller(), last).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, code: 'care_reads_limited', message: expect.stringMatching(/Please wait \d+ minutes/) });
    await expect(careSearch(deps(), caller(), `c${CARE_CUSTOMER_READS_PER_HOUR}@example.com`)).rejects.toMatchObject({ status: 429 });
    expect(vi.mocked(securityAlert).mock.calls).toEqual([
      ['care-reads-ceiling', 'opr_care1', expect.stringContaining('operator:opr_care1@ops.example')],
    ]);
    // Nothing refused is in the audit log as read.
    expect((await entries()).filter((entry) => entry.target === `subscription:${last}`)).toEqual([]);
    // Another operator has their own allowance, and the next hour starts afresh.
    expect(await careView(deps(), caller('opr_care2'), last)).not.toBeNull();
    clock = new Date('2026-11-27T11:00:00.000Z');
    expect(await careView(deps(), caller(), last)).not.toBeNull();
  });

  it(`refuses with 429 past ${CARE_SEARCHES_PER_HOUR} searches an hour, found or not`, async () => {
    for (let i = 0; i < CARE_SEARCHES_PER_HOUR; i += 1) await careSearch(deps(), caller(), `guess${i}@example.com`);
    await expect(careSearch(deps(), caller(), 'one-more@example.com')).rejects.toMatchObject({ status: 429, code: 'care_reads_limited' });
    expect(vi.mocked(securityAlert)).toHaveBeenCalledTimes(1);
  });
});
