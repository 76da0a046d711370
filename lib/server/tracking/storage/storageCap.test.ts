import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb, migrateToLatest, sqliteHandleOf } from '@/lib/server/db/createDb';
import { testDb } from '@/tests/fixtures/testDb';
import { EventStore } from './EventStore';
import { measureTrackingStorage, StorageCap, TrackingStoreFullError, type StorageReading } from './storageCap';

afterEach(() => {
  vi.restoreAllMocks();
});

const event = (payload: unknown) => ({
  channel: 'funnel' as const,
  action: 'click',
  topic: null,
  campaignId: 'c',
  sessionId: null,
  source: null,
  livemode: false,
  payload,
});

describe('measureTrackingStorage', () => {
  it("measures the tracking tables as they grow, and a file's free disk", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-size-'));
    const db = createDb({ dialect: 'sqlite', filename: path.join(dir, 'journey-tracking.db') });
    try {
      await migrateToLatest(db);
      const measure = measureTrackingStorage(db);
      const before = await measure();
      // Other processes write meanwhile: the same disk's free space, give or take 100 MB.
      const disk = fs.statfsSync(dir);
      expect(Math.abs(before.freeDiskBytes! - disk.bavail * disk.bsize)).toBeLessThan(100_000_000);
      const store = new EventStore(db);
      await store.appendEvents(Array.from({ length: 200 }, () => event({ text: 'x'.repeat(2000) })));
      const after = await measure();
      expect(after.databaseBytes - before.databaseBytes).toBeGreaterThan(200 * 2000);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('measures an in-memory or PostgreSQL database without a disk', async () => {
    const db = await testDb();
    try {
      const empty = await measureTrackingStorage(db)();
      expect(empty.freeDiskBytes).toBeNull();
      await new EventStore(db).appendEvents(Array.from({ length: 100 }, () => event({ text: 'y'.repeat(2000) })));
      const grown = await measureTrackingStorage(db)();
      expect(grown.databaseBytes - empty.databaseBytes).toBeGreaterThan(sqliteHandleOf(db) ? 100 * 2000 : 0);
    } finally {
      await db.destroy();
    }
  });
});

describe('StorageCap', () => {
  const caps = { maxBytes: 1_000_000, minFreeDiskBytes: 500_000 };

  it('admits writes up to the cap, counting what it admitted since the last reading', async () => {
    let clock = 0;
    const measure = vi.fn(async (): Promise<StorageReading> => ({ databaseBytes: 900_000, freeDiskBytes: null }));
    const cap = new StorageCap(measure, caps, { now: () => clock, checkEveryMs: 10_000 });
    await cap.admit(60_000);
    await cap.admit(40_000);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = await cap.admit(1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TrackingStoreFullError);
    expect(refused).toMatchObject({ status: 507, code: 'tracking_storage_full' });
    expect(measure).toHaveBeenCalledTimes(1);
    // A new reading: the purge made room.
    measure.mockResolvedValue({ databaseBytes: 100_000, freeDiskBytes: null });
    clock += 10_000;
    await cap.admit(1);
    expect(measure).toHaveBeenCalledTimes(2);
  });

  it("keeps the disk's free reserve for the orders, and logs running into it once per reading", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cap = new StorageCap(async () => ({ databaseBytes: 0, freeDiskBytes: 600_000 }), caps, { now: () => 0 });
    await cap.admit(100_000);
    await expect(cap.admit(1)).rejects.toThrow(/bytes free, below the 500000 kept for the orders/);
    await expect(cap.admit(1)).rejects.toBeInstanceOf(TrackingStoreFullError);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('shares one measurement between the requests that wait for it', async () => {
    let resolve: (reading: StorageReading) => void = () => undefined;
    const measure = vi.fn(() => new Promise<StorageReading>((r) => (resolve = r)));
    const cap = new StorageCap(measure, caps, { now: () => 0 });
    const waiting = Promise.all([cap.admit(1), cap.admit(2), cap.admit(3)]);
    resolve({ databaseBytes: 0, freeDiskBytes: null });
    await waiting;
    expect(measure).toHaveBeenCalledTimes(1);
  });
});
