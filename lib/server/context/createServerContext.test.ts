import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/server/config/serverEnv';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';
import { closeServerContext, createServerContext } from './createServerContext';

const at = new Date('2026-11-23T09:00:00.000Z');

describe('createServerContext', () => {
  it('opens the app and tracking databases apart and builds every service on the right one', async () => {
    const server = await createServerContext(parseServerEnv({ DATABASE_URL: 'file::memory:', PAYMENTS_SANDBOX: '1' }), () => at);
    try {
      expect(server.trackingDb).not.toBe(server.db);
      expect(server.clock()).toEqual(at);
      expect(server.checkout.db).toBe(server.db);
      expect(server.checkout.sandbox).not.toBeNull();

      // The catalogue is read from the app's database.
      const imported = await importCatalogueJson(server.db, readDemoCatalogue());
      expect(imported.ok).toBe(true);
      expect((await server.catalogue.get()).flowsByPath.size).toBeGreaterThan(0);

      // Tracking rows go to the tracking database only.
      await server.tracking.store.appendEvents([
        {
          channel: 'funnel',
          action: 'waypoint',
          topic: null,
          campaignId: null,
          sessionId: 's',
          source: null,
          livemode: false,
          payload: {},
        },
      ]);
      expect(await server.trackingDb.selectFrom('tracking_events').select('id').execute()).toHaveLength(1);
      expect(await server.db.selectFrom('tracking_events').select('id').execute()).toEqual([]);
    } finally {
      await closeServerContext(server);
    }
  });

  it('closes itself: queued tracking rows are written, then both databases refuse queries', async () => {
    const server = await createServerContext(parseServerEnv({ DATABASE_URL: 'file::memory:', PAYMENTS_SANDBOX: '1' }), () => at);
    const appended = server.tracking.store.appendEvents([
      { channel: 'funnel', action: 'waypoint', topic: null, campaignId: null, sessionId: 's', source: null, livemode: false, payload: {} },
    ]);
    await server.close();
    await expect(appended).resolves.toHaveLength(1);
    await expect(server.db.selectFrom('transactions').select('id').execute()).rejects.toThrow();
    await expect(server.trackingDb.selectFrom('tracking_events').select('id').execute()).rejects.toThrow();
  });

  it('names the setting when the database URL cannot be used', async () => {
    await expect(createServerContext(parseServerEnv({ DATABASE_URL: 'mysql://db/journey' }))).rejects.toThrow(
      /DATABASE_URL must start with "file:"/,
    );
  });
});
