import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { JobRunRepository } from './JobRunRepository';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const at = (iso: string) => new Date(`2026-12-01T${iso}Z`);

describe('JobRunRepository', () => {
  it('keeps one row per job: the last start, then the last run’s summary, whichever instance ran it', async () => {
    const one = new JobRunRepository(db, 'host-a:1');
    const two = new JobRunRepository(db, 'host-b:2');
    await one.started('refunds', at('10:00:00.000'));
    expect(await one.lastRuns()).toEqual(
      new Map([
        [
          'refunds',
          {
            startedAt: '2026-12-01T10:00:00.000Z',
            finishedAt: null,
            durationMs: null,
            items: null,
            failures: null,
            error: null,
            instance: 'host-a:1',
          },
        ],
      ]),
    );
    await one.finished('refunds', at('10:00:01.500'), { job: 'refunds', items: 4, failures: 1, durationMs: 1500, lagMs: 20 });
    await two.started('refunds', at('10:00:30.000'));
    await two.finished('refunds', at('10:00:30.100'), {
      job: 'refunds',
      items: 0,
      failures: 0,
      durationMs: 100,
      lagMs: 0,
      error: 'database away',
    });
    await one.started('mail', at('10:00:31.000'));
    const runs = await one.lastRuns();
    expect(runs.get('refunds')).toEqual({
      startedAt: '2026-12-01T10:00:30.000Z',
      finishedAt: '2026-12-01T10:00:30.100Z',
      durationMs: 100,
      items: 0,
      failures: 0,
      error: 'database away',
      instance: 'host-b:2',
    });
    expect(runs.get('mail')).toMatchObject({ startedAt: '2026-12-01T10:00:31.000Z', finishedAt: null, instance: 'host-a:1' });
    expect(await db.selectFrom('job_runs').select('job').orderBy('job').execute()).toEqual([{ job: 'mail' }, { job: 'refunds' }]);
  });

  it('lands both of two instances that write the same job at once (an upsert, not an insert that may collide)', async () => {
    const instances = Array.from({ length: 6 }, (_, n) => new JobRunRepository(db, `host-${n}:1`));
    await Promise.all(instances.map((repository) => repository.started('renewals', at('11:00:00.000'))));
    await Promise.all(
      instances.map((repository) =>
        repository.finished('renewals', at('11:00:01.000'), { job: 'renewals', items: 1, failures: 0, durationMs: 1000, lagMs: 0 }),
      ),
    );
    const rows = await db.selectFrom('job_runs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ job: 'renewals', last_started_at: '2026-12-01T11:00:00.000Z', last_items: 1, last_error: null });
  });

  it('writes a summary whose start it never saw (the row was new), its start from its duration', async () => {
    const repository = new JobRunRepository(db, 'host-a:1');
    await repository.finished('mail', at('12:00:02.000'), { job: 'mail', items: 1, failures: 0, durationMs: 2000, lagMs: 0 });
    expect((await repository.lastRuns()).get('mail')).toMatchObject({
      startedAt: '2026-12-01T12:00:00.000Z',
      finishedAt: '2026-12-01T12:00:02.000Z',
    });
  });
});
