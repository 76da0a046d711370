import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { applyGatewayEvent } from '@/lib/server/checkout/reconcile';
import type { Database } from '@/lib/server/db/schema';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import { seedDueRenewals } from '@/tests/proofs/dueRenewals';
import { testDb } from '@/tests/fixtures/testDb';
import { runDue } from './renewalEngine';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

type Named = { table?: { table: { identifier: { name: string } } }; into?: { table: { identifier: { name: string } } } };
type Selecting = { from?: { froms: { table?: { identifier: { name: string } } }[] } };

/** Each statement a database handle runs, as `<kind> <table>`. */
function counted(base: Kysely<Database>) {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const named = node as RootOperationNode & Named & Selecting;
      const table = named.table?.table.identifier.name ?? named.into?.table.identifier.name ?? named.from?.froms[0]?.table?.identifier.name;
      statements.push(`${node.kind.replace('QueryNode', '').toLowerCase()} ${table ?? '?'}`);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: base.withPlugin(plugin), count: (statement: string) => statements.filter((made) => made === statement).length };
}

describe("a renewal's round trips", () => {
  it('writes the subscription once and its schedule once per renewal, and reads the claimed ones once a pass', async () => {
    await importCatalogueJson(db, readDemoCatalogue());
    const due = 12;
    await seedDueRenewals(db, due);
    const { db: watched, count } = counted(db);
    const sandbox = new SandboxGateway(watched, async (event) => void (await applyGatewayEvent(watched, event)));
    const runs = await runDue({
      db: watched,
      gateways: [sandbox],
      now: () => new Date(),
      policy: { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 },
      concurrency: 4,
      origin: null,
    });
    expect(runs.map((run) => run.outcome.steps)).toEqual(Array.from({ length: due }, () => ['renewed']));
    // The claim and each release: the schedule alone, never the subscription's row.
    expect(count('update subscription_schedule')).toBe(1 + due);
    // The renewal itself: one write of the record at the version the claim read (none lost), with its history.
    expect(count('update subscriptions')).toBe(due);
    expect(count('insert subscription_history')).toBe(due);
    // Read once, with every one claimed; not again after the renewal wrote it.
    expect(count('select subscriptions')).toBe(1);
  }, 60_000);
});
