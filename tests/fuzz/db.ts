import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * The fuzz server's database, read without writing (read-only, beside the running server):
 * each table's row count and a digest of its rows, before and after the fuzz. Tables that
 * refused requests write by design are listed here with the reason, and so are the columns
 * that the fuzz's valid credentials touch when they are used; every other table and column
 * must come out unchanged, rows and contents alike.
 */

export const WRITTEN_BY_REFUSALS: Readonly<Record<string, string>> = {
  tracking_bad_rows: 'refused tracking requests are kept as bad rows (lib/server/tracking/endpoints/trackingRoute.ts), bounded per client',
  rate_limits:
    'refused and throttled requests are counted (checkout abuse limits, sign-in links, wrong secrets, the budget of bad rows per client and per minute)',
  bad_row_tallies:
    'refused tracking requests are tallied per client and minute, for the summary of those whose bad rows were not kept (lib/server/tracking/bad-rows/badRowLimiter.ts)',
  bad_row_windows:
    'the minutes in which tracking requests were refused, with the number of clients tallied and whether their summaries were written (lib/server/tracking/bad-rows/badRowLimiter.ts)',
};

/**
 * Columns left out of the comparison, each with why: the fuzz holds an operator's API token
 * and signed-in sessions (tests/fuzz/server.ts seedOperators), and using them, to read,
 * records when. Their rows must still not come or go, nor any other column change.
 */
export const TOUCHED_BY_USE: Readonly<Record<string, { columns: readonly string[]; why: string }>> = {
  operator_tokens: {
    columns: ['last_used_at'],
    why: 'an accepted personal API token records its last use, at most once a minute (lib/server/operators/operatorTokens.ts)',
  },
  operator_sessions: {
    columns: ['last_seen_at'],
    why: "a signed-in back-office session's use moves its 30-minute idle end, at most once a minute (lib/server/operators/OperatorSignIn.ts)",
  },
};

/**
 * Rows that the fuzz's valid credentials write by design when used, each with why: a care
 * read with the fuzz's admin token or session is recorded in the audit log (who looked up
 * whom). Every other row of those tables must still not come, go or change.
 */
export const WRITTEN_BY_USE: Readonly<Record<string, { except: string; why: string }>> = {
  audit_log: {
    except: "action NOT IN ('care.searched', 'care.viewed', 'campaign.preview_shared')",
    why: 'every care read of a customer is written to the audit log, who looked up whom (lib/server/care/careReads.ts); so is every preview link made',
  },
  campaign_previews: {
    except: '1 = 0',
    why: "a preview link asked for with the fuzz's marketer or admin credential, of a version that exists, is made (lib/server/campaigns/campaignPreviews.ts)",
  },
};

/**
 * Tables the server's own background jobs write on their schedule, whatever the requests:
 * the job runner's record of each job's last run (lib/server/jobs/JobRunRepository.ts).
 */
export const WRITTEN_BY_BACKGROUND: Readonly<Record<string, string>> = {
  job_runs: "each background job's last run (when, how long, how many items), written by every run whether or not it found work",
};

export interface TableState {
  rows: number;
  digest: string;
}

export type DbSnapshot = Map<string, TableState>;

/**
 * The server's databases (the app's and the tracking data's file) as one snapshot: each
 * table's rows in every file, so that a write to either copy of a table shows.
 */
export function snapshotDb(files: readonly string[]): DbSnapshot {
  const lines = new Map<string, string[]>();
  for (const file of files) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .pluck()
        .all() as string[];
      for (const table of tables) {
        const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
        const skipped = TOUCHED_BY_USE[table]?.columns ?? [];
        const columns = db
          .prepare(`SELECT * FROM ${quote(table)}`)
          .columns()
          .map((column) => column.name)
          .filter((name) => !skipped.includes(name));
        const where = WRITTEN_BY_USE[table] ? ` WHERE ${WRITTEN_BY_USE[table].except}` : '';
        const rows = db
          .prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}${where}`)
          .raw()
          .all() as unknown[][];
        const known = lines.get(table) ?? [];
        lines.set(table, [
          ...known,
          ...rows.map(
            (row) => `${file}\t${JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`,
          ),
        ]);
      }
    } finally {
      db.close();
    }
  }
  const snapshot: DbSnapshot = new Map();
  for (const [table, rows] of [...lines].sort(([a], [b]) => a.localeCompare(b))) {
    snapshot.set(table, { rows: rows.length, digest: createHash('sha256').update(rows.sort().join('\n')).digest('hex') });
  }
  return snapshot;
}

export interface TableChange {
  table: string;
  before: TableState | undefined;
  after: TableState | undefined;
}

/** Tables whose rows or contents changed, other than those written by refusals by design. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): TableChange[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  const changes: TableChange[] = [];
  for (const table of [...names].sort()) {
    if (Object.hasOwn(WRITTEN_BY_REFUSALS, table) || Object.hasOwn(WRITTEN_BY_BACKGROUND, table)) continue;
    const a = before.get(table);
    const b = after.get(table);
    if (a?.rows !== b?.rows || a?.digest !== b?.digest) changes.push({ table, before: a, after: b });
  }
  return changes;
}

/** The exempt tables must exist: a renamed table must not quietly escape the check. */
export function missingExemptTables(snapshot: DbSnapshot): string[] {
  return [
    ...Object.keys(WRITTEN_BY_REFUSALS),
    ...Object.keys(WRITTEN_BY_BACKGROUND),
    ...Object.keys(TOUCHED_BY_USE),
    ...Object.keys(WRITTEN_BY_USE),
  ].filter((table) => !snapshot.has(table));
}

/** Rows added to the exempt tables, for the report. */
export function exemptGrowth(before: DbSnapshot, after: DbSnapshot): string[] {
  return Object.keys(WRITTEN_BY_REFUSALS).map(
    (table) => `${table}: ${before.get(table)?.rows ?? 0} -> ${after.get(table)?.rows ?? 0} rows`,
  );
}
