import type { Kysely } from 'kysely';
import type { JobRunView } from '@/lib/operators/jobViews';
import type { Database } from '@/lib/server/db/schema';
import type { JobName } from './Job';
import type { JobRunLine, JobRunRecorder } from './JobRunner';

/**
 * Each job's last run, one row per job whichever instance ran it (job_runs). Every write is
 * one upsert on the job's key, so that instances starting the same job at once both land
 * (the later wins) on SQLite and PostgreSQL alike.
 */
export class JobRunRepository implements JobRunRecorder {
  constructor(
    private readonly db: Kysely<Database>,
    /** The instance that writes: host and process id. */
    private readonly instance: string,
  ) {}

  async started(job: JobName, at: Date): Promise<void> {
    const startedAt = at.toISOString();
    await this.db
      .insertInto('job_runs')
      .values({ job, instance: this.instance, last_started_at: startedAt })
      .onConflict((oc) => oc.column('job').doUpdateSet({ instance: this.instance, last_started_at: startedAt }))
      .execute();
  }

  async finished(job: JobName, at: Date, line: JobRunLine): Promise<void> {
    const summary = {
      instance: this.instance,
      last_finished_at: at.toISOString(),
      last_duration_ms: line.durationMs,
      last_lag_ms: line.lagMs,
      last_items: line.items,
      last_failures: line.failures,
      last_error: line.error ?? null,
    };
    const startedAt = new Date(at.getTime() - line.durationMs).toISOString();
    await this.db
      .insertInto('job_runs')
      .values({ job, last_started_at: startedAt, ...summary })
      .onConflict((oc) => oc.column('job').doUpdateSet(summary))
      .execute();
  }

  /** Every job's last run, by name. */
  async lastRuns(): Promise<Map<string, JobRunView>> {
    const rows = await this.db.selectFrom('job_runs').selectAll().execute();
    return new Map(
      rows.map((row) => [
        row.job,
        {
          startedAt: row.last_started_at,
          finishedAt: row.last_finished_at,
          durationMs: row.last_duration_ms === null ? null : Number(row.last_duration_ms),
          items: row.last_items === null ? null : Number(row.last_items),
          failures: row.last_failures === null ? null : Number(row.last_failures),
          error: row.last_error,
          instance: row.instance,
        },
      ]),
    );
  }
}
