import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import { createDb, migrateToLatest } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { ArrivalIds } from './arrivalIds';
import { EventStore, EventStoreUnavailableError, type NewTrackingEvent } from './EventStore';
import { listBadRows, listTrackingEvents } from './trackingQueries';

function event(n: number, overrides: Partial<NewTrackingEvent> = {}): NewTrackingEvent {
  return {
    channel: 'funnel',
    action: 'waypoint',
    topic: null,
    campaignId: 'c1',
    sessionId: `s${n}`,
    source: null,
    livemode: true,
    payload: { n },
    ...overrides,
  };
}

describe('ArrivalIds', () => {
  it('sort in the order they were minted, within a millisecond and when the clock steps back', () => {
    let clock = Date.UTC(2026, 10, 21);
    const ids = new ArrivalIds(() => new Date(clock), 'abc');
    const minted = [ids.next('te'), ids.next('te')];
    clock -= 5_000;
    minted.push(ids.next('te'));
    clock += 10_000;
    minted.push(ids.next('te'));
    const names = minted.map((m) => m.id);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(4);
    expect(names[0]).toBe(`te_${Date.UTC(2026, 10, 21)}_000000_abc`);
    expect(minted[2]!.at.getTime()).toBe(Date.UTC(2026, 10, 21));
  });
});

describe('EventStore', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await testDb();
  });
  afterEach(async () => db.destroy());

  it('commits many concurrent requests in few transactions, each resolved only after its commit', async () => {
    const store = new EventStore(db);
    const committedWhenResolved: number[] = [];
    const requests = Array.from({ length: 200 }, (_, i) =>
      store.appendEvents([event(i), event(i)]).then(async (ids) => {
        const found = await db.selectFrom('tracking_events').select('id').where('id', 'in', ids).execute();
        committedWhenResolved.push(found.length);
      }),
    );
    await Promise.all(requests);
    expect(committedWhenResolved).toEqual(Array(200).fill(2));
    expect(
      (
        await db
          .selectFrom('tracking_events')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(400);
    // 400 rows queued in one turn of the event loop: one transaction (the cap is 500).
    expect(store.stats.flushes).toBe(1);
    expect(store.stats.maxRowsPerFlush).toBe(400);
  });

  it('caps a transaction at the row limit without splitting a request', async () => {
    const store = new EventStore(db, { maxRowsPerTransaction: 25 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.appendEvents(Array.from({ length: 10 }, (_, j) => event(i * 10 + j)))));
    expect(store.stats.flushes).toBe(5);
    expect(store.stats.maxRowsPerFlush).toBe(20);
    // A request larger than the cap still goes in one transaction.
    await store.appendEvents(Array.from({ length: 40 }, (_, i) => event(i)));
    expect(store.stats.maxRowsPerFlush).toBe(40);
  });

  it('keeps arrival order in the ids, across batches', async () => {
    const store = new EventStore(db, { maxRowsPerTransaction: 3 });
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i += 1)
      writes.push(i % 5 === 4 ? store.appendBadRow({ channel: 'funnel', reason: `r${i}`, raw: '' }) : store.appendEvents([event(i)]));
    await Promise.all(writes);
    const listed = await listTrackingEvents(db, { limit: 100 });
    expect(listed.map((e) => (e.payload as { n: number }).n)).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18]);
    expect((await listBadRows(db, { limit: 100 })).map((r) => r.reason)).toEqual(['r4', 'r9', 'r14', 'r19']);
  });

  it('stores the columns and payload as given', async () => {
    const store = new EventStore(db, { now: () => new Date('2026-11-21T12:00:00.000Z') });
    const [id] = await store.appendEvents([event(1, { topic: 'cart.ui', source: 'newsletter', livemode: false, campaignId: null })]);
    expect(await listTrackingEvents(db, { limit: 10 })).toEqual([
      {
        id,
        receivedAt: '2026-11-21T12:00:00.000Z',
        channel: 'funnel',
        action: 'waypoint',
        topic: 'cart.ui',
        campaignId: null,
        sessionId: 's1',
        source: 'newsletter',
        livemode: false,
        payload: { n: 1 },
      },
    ]);
  });

  it('rejects the waiting requests with EventStoreUnavailableError when the write fails, and recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = new EventStore(db);
    await db.schema.alterTable('tracking_events').renameTo('tracking_events_away').execute();
    const results = await Promise.allSettled([
      store.appendEvents([event(1)]),
      store.appendEvents([event(2)]),
      store.appendBadRow({ channel: 'funnel', reason: 'x', raw: '' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(EventStoreUnavailableError);
    expect(store.stats.failedWrites).toBe(2);
    await db.schema.alterTable('tracking_events_away').renameTo('tracking_events').execute();
    await store.appendEvents([event(3)]);
    expect((await listTrackingEvents(db, { limit: 10 })).map((e) => e.sessionId)).toEqual(['s3']);
  });

  it('upserts schema observations: new shapes inserted, known ones counted and their seen range widened', async () => {
    const store = new EventStore(db);
    const at = (h: number) => new Date(Date.UTC(2026, 10, 21, h));
    await store.recordObservations([
      { eventName: 'waypoint', schemaJson: '{"a":"string"}', firstSeen: at(10), lastSeen: at(11), count: 2 },
    ]);
    await Promise.all([
      store.recordObservations([{ eventName: 'waypoint', schemaJson: '{"a":"string"}', firstSeen: at(9), lastSeen: at(10), count: 1 }]),
      store.recordObservations([
        { eventName: 'waypoint', schemaJson: '{"a":"string"}', firstSeen: at(12), lastSeen: at(12), count: 1 },
        { eventName: 'waypoint', schemaJson: '{"a":"number"}', firstSeen: at(12), lastSeen: at(12), count: 1 },
      ]),
    ]);
    const rows = await db.selectFrom('schema_observations').selectAll().orderBy('schema_json').execute();
    expect(rows).toEqual([
      {
        event_name: 'waypoint',
        schema_json: '{"a":"number"}',
        first_seen: at(12).toISOString(),
        last_seen: at(12).toISOString(),
        count: 1,
      },
      { event_name: 'waypoint', schema_json: '{"a":"string"}', first_seen: at(9).toISOString(), last_seen: at(12).toISOString(), count: 4 },
    ]);
  });

  it('refuses at once when too far behind, and takes rows again once it has caught up', async () => {
    const store = new EventStore(db, { maxQueuedRows: 5 });
    const first = store.appendEvents([event(1), event(2), event(3)]);
    await expect(store.appendEvents([event(4), event(5), event(6)])).rejects.toThrow(/3 rows behind/);
    await first;
    await store.appendEvents([event(7), event(8), event(9)]);
    expect((await listTrackingEvents(db, { limit: 10 })).map((e) => e.sessionId)).toEqual(['s1', 's2', 's3', 's7', 's8', 's9']);
  });

  it('gives bad rows their own queue budget: a flood of junk is refused without taking the room of events', async () => {
    const store = new EventStore(db, { maxQueuedRows: 5, maxQueuedBadRows: 3 });
    const bad = (n: number) => store.appendBadRow({ channel: 'funnel', reason: `r${n}`, raw: 'junk' });
    const kept = [bad(1), bad(2), bad(3)];
    const refused = bad(4);
    // The events' budget is untouched by the waiting bad rows.
    const events = store.appendEvents([event(1), event(2), event(3), event(4), event(5)]);
    await expect(refused).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await Promise.all([...kept, events]);
    expect(store.stats.refusedBadRows).toBe(1);
    expect((await listBadRows(db, { limit: 10 })).map((r) => r.reason)).toEqual(['r1', 'r2', 'r3']);
    expect(await listTrackingEvents(db, { limit: 10 })).toHaveLength(5);
    // Once written, the budget is free again.
    await bad(5);
    expect((await listBadRows(db, { limit: 10 })).map((r) => r.reason)).toEqual(['r1', 'r2', 'r3', 'r5']);
  });

  it('bounds the characters of waiting bad rows too, since each may hold a whole 64 KiB body', async () => {
    const store = new EventStore(db, { maxQueuedBadRowChars: 100_000 });
    const bad = (n: number) => store.appendBadRow({ channel: 'funnel', reason: `r${n}`, raw: 'x'.repeat(40_000) });
    const results = await Promise.allSettled([bad(1), bad(2), bad(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    // A single row larger than the budget is still taken when nothing waits (never refused for ever).
    await store.appendBadRow({ channel: 'funnel', reason: 'big', raw: 'x'.repeat(200_000) });
    expect((await listBadRows(db, { limit: 10 })).map((r) => r.reason)).toEqual(['r1', 'r2', 'big']);
  });

  it('drains: everything queued is written', async () => {
    const store = new EventStore(db);
    void store.appendEvents([event(1)]);
    void store.appendBadRow({ channel: 'inspector', reason: 'r', raw: 'x' });
    await store.drain();
    expect(store.stats.rowsWritten).toBe(2);
  });
});

describe('EventStore durability', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('what it acknowledged is in the database file, seen by another connection and after a reopen', async () => {
    const filename = path.join(dir, 'journey.db');
    const db = createDb({ dialect: 'sqlite', filename });
    await migrateToLatest(db);
    const store = new EventStore(db);
    const ids = (await Promise.all(Array.from({ length: 50 }, (_, i) => store.appendEvents([event(i)])))).flat();

    // Acknowledged means committed: a second connection sees every row before the first closes,
    // and the log is synced at every commit (WAL with synchronous=FULL; this SQLite's WAL default is NORMAL).
    const other = new SQLite(filename, { readonly: true });
    expect(other.prepare('select count(*) as n from tracking_events').get()).toEqual({ n: 50 });
    expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(await sql`pragma synchronous`.execute(db)).toMatchObject({ rows: [{ synchronous: 2 }] });
    other.close();
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]?.synchronous).toBe(2);
    await db.destroy();

    const reopened = createDb({ dialect: 'sqlite', filename });
    await migrateToLatest(reopened);
    expect((await listTrackingEvents(reopened, { limit: 100 })).map((e) => e.id)).toEqual(ids);
    await reopened.destroy();
  });
});
