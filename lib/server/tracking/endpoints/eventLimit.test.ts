import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import { postgresPoolOf, sqliteHandleOf } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { EventLimit, EventLimitError } from './eventLimit';

let db: Kysely<Database>;
let clock: number;
let limit: EventLimit;
beforeEach(async () => {
  db = await testDb();
  clock = Date.UTC(2026, 10, 21, 12, 9, 59, 500);
  limit = new EventLimit(new RateLimiter(db, () => new Date(clock)), { perClient: 100, windowMs: 10 * 60_000 });
});
afterEach(async () => {
  await db.destroy();
});

const counters = () => db.selectFrom('rate_limits').select(['bucket', 'window_start', 'count']).orderBy('bucket').execute();

describe('EventLimit', () => {
  it("counts a request's events in one row per client and window, up to the limit itself", async () => {
    await limit.admit('192.0.2.1', 60);
    await limit.admit('192.0.2.1', 40);
    await limit.admit('2001:db8:1:2::/64', 1);
    expect(await counters()).toEqual([
      { bucket: 'ingest:events:192.0.2.1', window_start: '2026-11-21T12:00:00.000Z', count: 100 },
      { bucket: 'ingest:events:2001:db8:1:2::/64', window_start: '2026-11-21T12:00:00.000Z', count: 1 },
    ]);
  });

  it('refuses beyond the limit with a 429 whose Retry-After is the rest of the window (at least a second)', async () => {
    await limit.admit('192.0.2.1', 100);
    const refused = await limit.admit('192.0.2.1', 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EventLimitError);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_events', retryAfterSeconds: 1 });
    expect((refused as Error).message).toBe(
      'This address has sent more than 100 tracking events in 10 minutes; nothing of this request was recorded. Please retry in 1 second.',
    );
    // The next window starts afresh.
    clock += 500;
    await expect(limit.admit('192.0.2.1', 100)).resolves.toBeUndefined();
  });

  it('writes nothing for a request without events', async () => {
    await limit.admit('192.0.2.1', 0);
    expect(await counters()).toEqual([]);
  });

  it('counts without an fsync of its own, and leaves the connection durable for payments', async () => {
    // SQLite: synchronous=FULL (2) on its one connection; PostgreSQL: synchronous_commit on every pooled one.
    const durability = async () => {
      const sqlite = sqliteHandleOf(db);
      if (sqlite) return [sqlite.pragma('synchronous', { simple: true })];
      const held = await Promise.all([0, 1, 2, 3].map(() => postgresPoolOf(db)!.connect()));
      const settings = await Promise.all(
        held.map(
          async (client) => (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit,
        ),
      );
      for (const client of held) client.release();
      return [...new Set(settings)];
    };
    const durable = sqliteHandleOf(db) ? [2] : ['on'];
    expect(await durability()).toEqual(durable);
    await limit.admit('192.0.2.1', 5);
    await limit.admit('192.0.2.1', 200).catch(() => undefined);
    expect(await limit.admit('192.0.2.1', 1).catch((error: unknown) => error)).toBeInstanceOf(EventLimitError);
    expect(await durability()).toEqual(durable);
  });
});
