import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@/lib/server/db/createDb';
import { ArrivalIds } from '@/lib/server/tracking/storage/arrivalIds';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'purge-cli-'));
const file = path.join(dir, 'journey.db');
const DAY = 24 * 3600_000;

function runPurge(env: Record<string, string>) {
  // Only what the test gives: the script must not need the rest of a server's configuration.
  const { PATH, HOME } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/purge.ts'], {
    env: { NODE_ENV: 'test', PATH: PATH ?? '', HOME: HOME ?? '', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Each case starts tsx in a child process, which a busy machine can take seconds to do.
describe('npm run purge', { timeout: 30_000 }, () => {
  it('deletes what is older than the ages and prints the count per table, with a production configuration it does not need', async () => {
    const db = createDb({ dialect: 'sqlite', filename: file });
    await migrateToLatest(db);
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    for (const daysAgo of [500, 401, 10]) {
      const { id, at: received } = new ArrivalIds(() => at(daysAgo)).next('te');
      await db
        .insertInto('tracking_events')
        .values({
          id,
          received_at: received.toISOString(),
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
    await db
      .insertInto('outbox')
      .values({
        id: 'mail_1',
        to_email: 'a@example.com',
        subject: 's',
        body_text: 'b',
        link: 'l',
        kind: 'sign-in',
        status: 'sent',
        next_attempt_at: at(3).toISOString(),
        created_at: at(3).toISOString(),
      })
      .execute();
    await db.destroy();

    const result = runPurge({ DATABASE_URL: `file:${file}`, APP_ENV: 'production', RETENTION_OUTBOX_DAYS: '2' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}tracking_events +2 deleted \(received before \S+; RETENTION_EVENTS_DAYS=400\)$/m);
    expect(result.stdout).toMatch(/^ {2}outbox +1 deleted \(sent before \S+; RETENTION_OUTBOX_DAYS=2\)$/m);
    for (const table of ['tracking_bad_rows', 'sign_in_links', 'sessions', 'rate_limits'])
      expect(result.stdout).toMatch(new RegExp(`^ {2}${table} +0 deleted`, 'm'));
    expect(result.stdout).toMatch(/^ {2}total +3 deleted$/m);

    const after = createDb({ dialect: 'sqlite', filename: file });
    expect(await after.selectFrom('tracking_events').select('id').execute()).toHaveLength(1);
    await after.destroy();
  });

  it("purges the tracking data's own database beside the app's as well", async () => {
    const trackingFile = path.join(dir, 'journey-tracking.db');
    const tracking = createDb({ dialect: 'sqlite', filename: trackingFile });
    await migrateToLatest(tracking);
    const old = new ArrivalIds(() => new Date(Date.now() - 500 * DAY)).next('te');
    await tracking
      .insertInto('tracking_events')
      .values({
        id: old.id,
        received_at: old.at.toISOString(),
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
    await tracking.destroy();

    const result = runPurge({ DATABASE_URL: `file:${file}` });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Purged file:${file} and file:${trackingFile} at `);
    expect(result.stdout).toMatch(/^ {2}tracking_events +1 deleted/m);
    const after = createDb({ dialect: 'sqlite', filename: trackingFile });
    expect(await after.selectFrom('tracking_events').select('id').execute()).toEqual([]);
    await after.destroy();
  });

  it('refuses an age that is not one, naming the setting, and deletes nothing', () => {
    const result = runPurge({ DATABASE_URL: `file:${file}`, RETENTION_EVENTS_DAYS: 'forever' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'Nothing was purged. Invalid retention configuration: RETENTION_EVENTS_DAYS: must be a number of days',
    );
    expect(result.stdout).toBe('');
  });

  it('refuses a database that does not exist rather than creating an empty one', () => {
    const missing = path.join(dir, 'typo.db');
    const result = runPurge({ DATABASE_URL: `file:${missing}` });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Nothing was purged: there is no database at ${missing}`);
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('refuses a DATABASE_URL it cannot use', () => {
    const result = runPurge({ DATABASE_URL: 'mysql://db/journey' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Nothing was purged\. DATABASE_URL must start with "file:" \(SQLite\) or "postgres:\/\/"/);
  });
});
