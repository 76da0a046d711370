import type { Kysely } from 'kysely';
import type { RetentionEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { arrivalIdFloor } from '@/lib/server/tracking/storage/arrivalIds';

/**
 * Retention (issue 11): deletes what is older than its configured age, for `npm run purge`
 * (run daily). Only the tables listed here: never transactions, their invoices and credit
 * notes (kept as long as the payments they are for), subscriptions (their consent proof is
 * kept as long as the law wants it: docs/subscriptions.md) nor their history (the addresses
 * and names in it are the subscription's own, kept as long), idempotency keys, gateway
 * events, users, sandbox payments, invoice numbers or anything else a paid order needs.
 */

/** Ages in days (fractions allowed), each counted from the time named. */
export interface RetentionAges {
  /** Tracking events, from their arrival. */
  eventsDays: number;
  /** Bad rows (refused ingestion requests), from their arrival. */
  badRowsDays: number;
  /** The schema inspector's observed event shapes, from when each was last seen. */
  schemaObservationsDays: number;
  /** Sign-in links, from their expiry (a spent link has expired by then too: links live 15 minutes). */
  signInLinksDays: number;
  /** Sessions, from their expiry. */
  sessionsDays: number;
  /** The mail queue's sent and given-up mails, from when they were queued (a pending mail is never purged). */
  outboxDays: number;
  /** Rate-limit windows (and the bad-row limiter's windows and tallies), from their start: must be longer than the longest limit window. */
  rateLimitsDays: number;
  /** Content-Security-Policy violation reports, from their arrival. */
  cspReportsDays: number;
}

export const PURGED_TABLES = [
  'tracking_events',
  'tracking_bad_rows',
  'schema_observations',
  'sign_in_links',
  'sessions',
  'outbox',
  'rate_limits',
  'bad_row_tallies',
  'bad_row_windows',
  'csp_violations',
] as const;
export type PurgedTable = (typeof PURGED_TABLES)[number];
export type PurgeCounts = Record<PurgedTable, number>;

/** Which age governs each table, and the setting it comes from (for the script's report). */
export const RETENTION_SETTINGS: Record<PurgedTable, { age: keyof RetentionAges; env: keyof RetentionEnv; from: string }> = {
  tracking_events: { age: 'eventsDays', env: 'RETENTION_EVENTS_DAYS', from: 'received' },
  tracking_bad_rows: { age: 'badRowsDays', env: 'RETENTION_BAD_ROWS_DAYS', from: 'received' },
  schema_observations: { age: 'schemaObservationsDays', env: 'RETENTION_SCHEMA_OBSERVATIONS_DAYS', from: 'last seen' },
  sign_in_links: { age: 'signInLinksDays', env: 'RETENTION_SIGN_IN_LINKS_DAYS', from: 'expired' },
  sessions: { age: 'sessionsDays', env: 'RETENTION_SESSIONS_DAYS', from: 'expired' },
  outbox: { age: 'outboxDays', env: 'RETENTION_OUTBOX_DAYS', from: 'sent' },
  rate_limits: { age: 'rateLimitsDays', env: 'RETENTION_RATE_LIMITS_DAYS', from: 'window started' },
  // The bad-row limiter's counters beside its budget in rate_limits: they go with it.
  bad_row_tallies: { age: 'rateLimitsDays', env: 'RETENTION_RATE_LIMITS_DAYS', from: 'window started' },
  bad_row_windows: { age: 'rateLimitsDays', env: 'RETENTION_RATE_LIMITS_DAYS', from: 'window started' },
  csp_violations: { age: 'cspReportsDays', env: 'RETENTION_CSP_REPORTS_DAYS', from: 'last seen' },
};

/** The column each table's age counts from: its purge's batches, and the jobs page's backlog, select by it. */
export const PURGED_SINCE = {
  tracking_events: 'received_at',
  tracking_bad_rows: 'received_at',
  schema_observations: 'last_seen',
  sign_in_links: 'expires_at',
  sessions: 'expires_at',
  outbox: 'created_at',
  rate_limits: 'window_start',
  bad_row_tallies: 'window_start',
  bad_row_windows: 'window_start',
  csp_violations: 'last_seen',
} as const satisfies { [T in PurgedTable]: keyof Database[T] & string };

/** Of the sent and given-up mails only: one still waiting to be sent is never purged. */
export const PURGED_MAIL_STATUSES = ['sent', 'failed'] as const;

export function retentionAgesFrom(env: RetentionEnv): RetentionAges {
  return Object.fromEntries(Object.values(RETENTION_SETTINGS).map(({ age, env: name }) => [age, env[name]])) as unknown as RetentionAges;
}

const DAY_MS = 24 * 3600_000;

/** The instant before which each table's rows go. */
export function retentionCutoffs(now: Date, ages: RetentionAges): Record<PurgedTable, Date> {
  return Object.fromEntries(
    PURGED_TABLES.map((table) => [table, new Date(now.getTime() - ages[RETENTION_SETTINGS[table].age] * DAY_MS)]),
  ) as Record<PurgedTable, Date>;
}

/**
 * Rows per DELETE: each statement is its own short transaction, so that the write lock
 * (which checkouts and ingestion wait on) is never held for a whole year of events.
 */
export const PURGE_BATCH_ROWS = 5000;

/** Runs a batch delete until a batch comes back short; the rows deleted in all. */
async function inBatches(batchRows: number, deleteBatch: () => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number((await deleteBatch()).numDeletedRows);
    total += deleted;
    if (deleted < batchRows) return total;
  }
}

/**
 * The tables whose rows a single column keys: that key, by which a batch is chosen and
 * deleted, and the time column the table's age counts from.
 */
const KEYED_TABLES = {
  tracking_bad_rows: { key: 'id', time: 'received_at' },
  sign_in_links: { key: 'token_hash', time: 'expires_at' },
  sessions: { key: 'token_hash', time: 'expires_at' },
  bad_row_windows: { key: 'window_start', time: 'window_start' },
  csp_violations: { key: 'id', time: 'last_seen' },
} as const satisfies { [T in PurgedTable]?: { key: keyof Database[T] & string; time: keyof Database[T] & string } };

/** Deletes a keyed table's rows from before `before`, batch by batch; the rows deleted in all. */
function purgeByKey(db: Kysely<Database>, table: keyof typeof KEYED_TABLES, before: string, batchRows: number): Promise<number> {
  const { key, time } = KEYED_TABLES[table];
  return inBatches(batchRows, () =>
    db
      .deleteFrom(table)
      .where(key, 'in', (eb) => eb.selectFrom(table).select(key).where(time, '<', before).limit(batchRows))
      .executeTakeFirst(),
  );
}

/**
 * Deletes every purged table's rows older than its age at `now`; answers how many went per
 * table. Timestamps are ISO 8601 UTC text throughout, so comparing the text compares the times.
 */
export async function purge(
  db: Kysely<Database>,
  now: Date,
  ages: RetentionAges,
  options: { batchRows?: number } = {},
): Promise<PurgeCounts> {
  const batchRows = options.batchRows ?? PURGE_BATCH_ROWS;
  const cutoff = retentionCutoffs(now, ages);
  const iso = (table: PurgedTable) => cutoff[table].toISOString();

  // Ids sort by arrival (arrivalIds), so the key serves the range; received_at confirms it.
  const tracking_events = await inBatches(batchRows, () =>
    db
      .deleteFrom('tracking_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('tracking_events')
          .select('id')
          .where('id', '>=', arrivalIdFloor('te', new Date(0)))
          .where('id', '<', arrivalIdFloor('te', cutoff.tracking_events))
          .where('received_at', '<', iso('tracking_events'))
          .limit(batchRows),
      )
      .executeTakeFirst(),
  );
  const tracking_bad_rows = await purgeByKey(db, 'tracking_bad_rows', iso('tracking_bad_rows'), batchRows);
  // A shape seen again since stays (its last_seen moved on), with its count since first seen.
  const schema_observations = await inBatches(batchRows, () =>
    db
      .deleteFrom('schema_observations')
      .where((eb) =>
        eb(
          eb.refTuple('event_name', 'schema_json'),
          'in',
          eb
            .selectFrom('schema_observations')
            .select(['event_name', 'schema_json'])
            .where('last_seen', '<', iso('schema_observations'))
            .limit(batchRows)
            .$asTuple('event_name', 'schema_json'),
        ),
      )
      .executeTakeFirst(),
  );
  const sign_in_links = await purgeByKey(db, 'sign_in_links', iso('sign_in_links'), batchRows);
  const sessions = await purgeByKey(db, 'sessions', iso('sessions'), batchRows);
  // Mails still waiting to be sent stay, however old: purging one would lose it unsent.
  const outbox = await inBatches(batchRows, () =>
    db
      .deleteFrom('outbox')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('created_at', '<', iso('outbox'))
          .where('status', 'in', PURGED_MAIL_STATUSES)
          .limit(batchRows),
      )
      .executeTakeFirst(),
  );
  const rate_limits = await inBatches(batchRows, () =>
    db
      .deleteFrom('rate_limits')
      .where((eb) =>
        eb(
          eb.refTuple('bucket', 'window_start'),
          'in',
          eb
            .selectFrom('rate_limits')
            .select(['bucket', 'window_start'])
            .where('window_start', '<', iso('rate_limits'))
            .limit(batchRows)
            .$asTuple('bucket', 'window_start'),
        ),
      )
      .executeTakeFirst(),
  );
  // Tallies before their windows, so that no tally outlives the window that finds it for its summary.
  const bad_row_tallies = await inBatches(batchRows, () =>
    db
      .deleteFrom('bad_row_tallies')
      .where((eb) =>
        eb(
          eb.refTuple('window_start', 'client', 'channel'),
          'in',
          eb
            .selectFrom('bad_row_tallies')
            .select(['window_start', 'client', 'channel'])
            .where('window_start', '<', iso('bad_row_tallies'))
            .limit(batchRows)
            .$asTuple('window_start', 'client', 'channel'),
        ),
      )
      .executeTakeFirst(),
  );
  const bad_row_windows = await purgeByKey(db, 'bad_row_windows', iso('bad_row_windows'), batchRows);
  const csp_violations = await purgeByKey(db, 'csp_violations', iso('csp_violations'), batchRows);
  return {
    tracking_events,
    tracking_bad_rows,
    schema_observations,
    sign_in_links,
    sessions,
    outbox,
    rate_limits,
    bad_row_tallies,
    bad_row_windows,
    csp_violations,
  };
}
