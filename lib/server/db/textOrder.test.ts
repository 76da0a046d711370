import { describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import { arrivalIdFloor } from '@/lib/server/tracking/storage/arrivalIds';

/**
 * Our queries compare text bytewise: arrival ids are time ranges, ISO times are compared as
 * text, admin lists page by key. On PostgreSQL the test template sorts by English rules (ICU
 * en-US, where a is before B), so this holds only because migration 0013 made every text
 * column collate "C".
 */
describe('text order', () => {
  it('is bytewise on either database: upper case before lower, "_" as its byte', async () => {
    const db = await testDb();
    try {
      await db
        .insertInto('brands')
        .values(['a', 'B', 'b_2', 'b2'].map((slug) => ({ slug, name: slug, identity_json: '{}' })))
        .execute();
      const slugs = (await db.selectFrom('brands').select('slug').orderBy('slug').execute()).map((row) => row.slug);
      expect(slugs).toEqual(['B', 'a', 'b2', 'b_2']);
    } finally {
      await db.destroy();
    }
  });

  it('keeps a time range of arrival ids an id range', async () => {
    const db = await testDb();
    try {
      const at = (iso: string) => arrivalIdFloor('te', new Date(iso));
      const rows = ['2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.001Z', '2026-11-23T10:00:01.000Z'].map((iso, i) => ({
        id: `${at(iso)}_00000${i}_abcdef`,
        received_at: iso,
        channel: 'funnel' as const,
        action: 'waypoint',
        topic: null,
        campaign_id: null,
        session_id: null,
        source: null,
        livemode: 1,
        payload_json: '{}',
      }));
      await db.insertInto('tracking_events').values(rows).execute();
      const inRange = await db
        .selectFrom('tracking_events')
        .select('received_at')
        .where('id', '>=', at('2026-11-23T10:00:00.001Z'))
        .where('id', '<', at('2026-11-23T10:00:01.000Z'))
        .execute();
      expect(inRange.map((row) => row.received_at)).toEqual(['2026-11-23T10:00:00.001Z']);
    } finally {
      await db.destroy();
    }
  });
});
