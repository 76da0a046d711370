import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { budgetKeysOf, ByteBudget, ByteBudgetError } from './byteBudget';

let db: Kysely<Database>;
let budget: ByteBudget;
const clock = Date.UTC(2026, 10, 21, 12, 9, 59, 500);
beforeEach(async () => {
  db = await testDb();
  budget = new ByteBudget(
    new RateLimiter(db, () => new Date(clock)),
    { perClient: 1000, perNetwork: 2500, total: 4000, windowMs: 10 * 60_000 },
    () => new Date(clock),
  );
});
afterEach(async () => {
  await db.destroy();
});

const counters = async () =>
  Object.fromEntries((await db.selectFrom('rate_limits').select(['bucket', 'count']).execute()).map((row) => [row.bucket, row.count]));

describe('budgetKeysOf', () => {
  it.each([
    ['192.0.2.1', { client: '192.0.2.1', network: null }],
    ['2001:db8:1:2:3:4:5:6', { client: '2001:db8:1:2::/64', network: '2001:db8:1::/48' }],
    ['2001:db8:1:ffff::1', { client: '2001:db8:1:ffff::/64', network: '2001:db8:1::/48' }],
    ['unknown', { client: 'unknown', network: null }],
  ])('keys %s', (address, keys) => {
    expect(budgetKeysOf(address)).toEqual(keys);
  });
});

describe('ByteBudget', () => {
  it('counts bytes per client, per /48 and in total, up to each budget itself', async () => {
    await budget.admit(budgetKeysOf('2001:db8:1:2::1'), 1000);
    await budget.admit(budgetKeysOf('2001:db8:1:3::1'), 600);
    await budget.admit(budgetKeysOf('192.0.2.1'), 400);
    expect(await counters()).toEqual({
      'ingest:bytes:2001:db8:1:2::/64': 1000,
      'ingest:bytes:2001:db8:1:3::/64': 600,
      'ingest:bytes:net:2001:db8:1::/48': 1600,
      'ingest:bytes:192.0.2.1': 400,
      'ingest:bytes:all': 2000,
    });
  });

  it('stops at the narrowest budget: a client over its own takes nothing from its network or everyone', async () => {
    await budget.admit(budgetKeysOf('192.0.2.1'), 1000);
    const refused = await budget.admit(budgetKeysOf('192.0.2.1'), 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ByteBudgetError);
    expect(refused).toMatchObject({ status: 429, code: 'too_much_tracking_data', scope: 'client', retryAfterSeconds: 1 });
    expect((refused as Error).message).toBe(
      'This address has sent more than 1000 bytes of tracking data in 10 minutes; nothing of this request was recorded. Please retry in 1 second.',
    );
    expect((await counters())['ingest:bytes:all']).toBe(1000);
  });

  it('writes nothing for a request that stores nothing', async () => {
    await budget.admit(budgetKeysOf('192.0.2.1'), 0);
    expect(await counters()).toEqual({});
  });
});
