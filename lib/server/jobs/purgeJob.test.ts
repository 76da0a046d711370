import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailStatus } from '@/lib/mail/mailKinds';
import { parseRetentionEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { ArrivalIds } from '@/lib/server/tracking/storage/arrivalIds';
import { testDb } from '@/tests/fixtures/testDb';
import { JobRunner } from './JobRunner';
import { purgeJob } from './purgeJob';

const NOW = new Date('2027-06-15T03:00:00.000Z');
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
/** The default ages (events 400 days, mails 30), two separate databases, a daily run. */
const config = { ...parseRetentionEnv({}), PURGE_INTERVAL_SECONDS: 86_400 };

let db: Kysely<Database>;
let trackingDb: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
  trackingDb = await testDb();
});
afterEach(async () => {
  await db.destroy();
  await trackingDb.destroy();
});

const job = (overrides: { db?: Kysely<Database>; trackingDb?: Kysely<Database> } = {}) =>
  purgeJob({ config, clock: () => NOW, db, trackingDb, ...overrides }, () => undefined);

async function addEvents(into: Kysely<Database>, ...daysAgo: number[]): Promise<void> {
  for (const days of daysAgo) {
    const { id, at } = new ArrivalIds(() => ago(days)).next('te');
    await into
      .insertInto('tracking_events')
      .values({
        id,
        received_at: at.toISOString(),
        channel: 'funnel',
        action: 'click',
        topic: null,
        campaign_id: null,
        session_id: null,
        source: null,
        livemode: 1,
        payload_json: '{}',
      })
      .execute();
  }
}

async function addMails(...mails: [daysAgo: number, status: MailStatus][]): Promise<void> {
  await db
    .insertInto('outbox')
    .values(
      mails.map(([days, status], n) => ({
        id: `mail_${n}`,
        to_email: 'reader@example.com',
        subject: 'Sign in',
        body_text: 'x',
        link: 'https://x/?token=t',
        kind: 'sign-in' as const,
        status,
        next_attempt_at: ago(days).toISOString(),
        created_at: ago(days).toISOString(),
      })),
    )
    .execute();
}

const count = async (from: Kysely<Database>, table: 'tracking_events' | 'outbox') =>
  Number(
    (
      await from
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('purgeJob', () => {
  it('runs daily by PURGE_INTERVAL_SECONDS', () => {
    expect(job().intervalMs).toBe(86_400_000);
    expect(purgeJob({ config: { ...config, PURGE_INTERVAL_SECONDS: 3600 }, clock: () => NOW, db, trackingDb }).intervalMs).toBe(3_600_000);
  });

  it("purges the app's and the tracking data's databases, its rows deleted counted as items in its line", async () => {
    await addEvents(trackingDb, 500, 401, 10);
    await addMails([31, 'sent'], [40, 'failed'], [45, 'pending'], [29, 'sent']);
    const lines: string[] = [];
    const jobs = new JobRunner({ clock: () => NOW, log: (line) => void lines.push(line) });
    jobs.start([job()]);
    try {
      await vi.waitFor(() => expect(lines).toHaveLength(1));
    } finally {
      await jobs.stop();
    }
    expect(JSON.parse(lines[0]!)).toMatchObject({ job: 'purge', items: 4, failures: 0 });
    expect(await count(trackingDb, 'tracking_events')).toBe(1);
    expect(await count(db, 'outbox')).toBe(2);
  });

  it('answers the rows past their age in both databases as its backlog, since the first came due, and none once run', async () => {
    expect(await job().backlog()).toEqual({ waiting: 0, oldestAt: null });
    await addEvents(trackingDb, 500, 401, 10);
    await addMails([31, 'sent'], [45, 'pending'], [29, 'sent']);
    // The event received 500 days ago came due 100 days ago, at 400 days (before the mail, due a day ago).
    expect(await job().backlog()).toEqual({ waiting: 3, oldestAt: ago(100) });
    await job().run();
    expect(await job().backlog()).toEqual({ waiting: 0, oldestAt: null });
  });

  it('purges and counts a tracking database that is the app’s own once', async () => {
    await addEvents(db, 500, 401, 10);
    const shared = { ...config, DATABASE_URL: 'postgres://db.internal/journey' };
    const once = purgeJob({ config: shared, clock: () => NOW, db, trackingDb: db });
    expect(await once.backlog()).toEqual({ waiting: 2, oldestAt: ago(100) });
    expect(await once.run()).toEqual({ items: 2, failures: 0 });
  });

  it('counts a database it could not purge as a failure, and purges the other all the same', async () => {
    await addMails([31, 'sent']);
    const gone = await testDb();
    await gone.destroy();
    const logged: string[] = [];
    const failing = purgeJob({ config, clock: () => NOW, db, trackingDb: gone }, (line) => void logged.push(line));
    expect(await failing.run()).toEqual({ items: 1, failures: 1 });
    expect(logged).toEqual(["[purge] the tracking data's database could not be purged; the next run tries again"]);
    expect(await count(db, 'outbox')).toBe(0);
  });

  it('is safe on two instances at once: each row is deleted, and counted, once', async () => {
    await addEvents(trackingDb, ...Array.from({ length: 40 }, (_, n) => 401 + n));
    await addMails(...Array.from({ length: 40 }, (_, n): [number, MailStatus] => [31 + n, 'sent']));
    const [one, two] = await Promise.all([job().run(), job().run()]);
    expect(one!.items + two!.items).toBe(80);
    expect(one!.failures + two!.failures).toBe(0);
    expect(await count(trackingDb, 'tracking_events')).toBe(0);
    expect(await count(db, 'outbox')).toBe(0);
  });
});
