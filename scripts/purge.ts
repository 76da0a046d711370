/**
 * Retention: `npm run purge` deletes tracking events, bad rows, schema observations, sign-in links, sessions,
 * outbox mails and rate-limit windows older than their configured ages (RETENTION_*_DAYS,
 * lib/server/config/serverEnv.ts), and prints what it deleted per table. Run it daily (cron).
 * It purges the app's database and the tracking data's (TRACKING_DATABASE_URL, or the file
 * beside the app's), and reads only those and the ages: no payment keys needed. The servers
 * run the same purge as a job (lib/server/jobs/purgeJob.ts) unless PURGE_INTERVAL_SECONDS=0;
 * this command is for cron beside them, or instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseRetentionEnv, type RetentionEnv } from '@/lib/server/config/serverEnv';
import type { Kysely } from 'kysely';
import { createDb, migrateToLatest, parseDatabaseUrl } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { printableDatabaseUrl } from '@/lib/server/db/printableUrl';
import { trackingDatabaseUrl } from '@/lib/server/db/trackingDatabaseUrl';
import { hasJourneySchema } from '@/lib/server/db/schemaPresence';
import { PURGED_TABLES, RETENTION_SETTINGS, retentionAgesFrom, retentionCutoffs } from '@/lib/server/retention/purge';
import { purgeDatabases, totalPurged } from '@/lib/server/retention/purgeDatabases';

/** Opens a database to purge, or says why not: a mistyped URL must not "purge" a new empty database and report success. */
async function openExisting(url: string, setting: string): Promise<{ db: Kysely<Database> } | { refusal: string }> {
  const config = parseDatabaseUrl(url);
  if (config.dialect === 'sqlite' && config.filename !== ':memory:' && !fs.existsSync(path.resolve(config.filename))) {
    return { refusal: `there is no database at ${path.resolve(config.filename)} (${setting}=${printableDatabaseUrl(url)})` };
  }
  const db = createDb(config);
  if (config.dialect === 'postgres' && !(await hasJourneySchema(db))) {
    await db.destroy();
    return { refusal: `the database at ${setting} has no purchase-journey tables (run npm run db:setup against it first)` };
  }
  return { db };
}

async function main(): Promise<number> {
  let config: RetentionEnv;
  let trackingUrl: string;
  try {
    config = parseRetentionEnv(process.env);
    parseDatabaseUrl(config.DATABASE_URL);
    trackingUrl = trackingDatabaseUrl(config.DATABASE_URL, config.TRACKING_DATABASE_URL);
    parseDatabaseUrl(trackingUrl);
  } catch (error) {
    console.error(`Nothing was purged. ${(error as Error).message}`);
    return 2;
  }
  const app = await openExisting(config.DATABASE_URL, 'DATABASE_URL');
  if ('refusal' in app) {
    console.error(`Nothing was purged: ${app.refusal}.`);
    return 2;
  }
  // The tracking data's database goes through the same purge (each table lives in one of
  // the two; the other's copy stays empty). One that was never made has nothing to purge.
  const tracking = trackingUrl === config.DATABASE_URL ? null : await openExisting(trackingUrl, 'TRACKING_DATABASE_URL');
  const databases = [app.db, ...(tracking && 'db' in tracking ? [tracking.db] : [])];
  try {
    const now = new Date();
    const ages = retentionAgesFrom(config);
    const cutoffs = retentionCutoffs(now, ages);
    for (const db of databases) await migrateToLatest(db);
    const counts = await purgeDatabases(databases, now, ages);
    const width = Math.max(...PURGED_TABLES.map((table) => table.length));
    const purgedUrls =
      databases.length > 1
        ? `${printableDatabaseUrl(config.DATABASE_URL)} and ${printableDatabaseUrl(trackingUrl)}`
        : printableDatabaseUrl(config.DATABASE_URL);
    console.log(`Purged ${purgedUrls} at ${now.toISOString()}:`);
    if (tracking && 'refusal' in tracking) console.log(`  (no tracking database: ${tracking.refusal})`);
    for (const table of PURGED_TABLES) {
      const { env, from } = RETENTION_SETTINGS[table];
      console.log(
        `  ${table.padEnd(width)} ${String(counts[table]).padStart(9)} deleted (${from} before ${cutoffs[table].toISOString()}; ${env}=${config[env]})`,
      );
    }
    console.log(`  ${'total'.padEnd(width)} ${String(totalPurged(counts)).padStart(9)} deleted`);
    return 0;
  } finally {
    for (const db of databases) await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The purge failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
