/**
 * Retention: `npm run purge` deletes tracking events, bad rows, sign-in links, sessions,
 * outbox mails and rate-limit windows older than their configured ages (RETENTION_*_DAYS,
 * lib/config/serverEnv.ts), and prints what it deleted per table. Run it daily (cron).
 * It reads only DATABASE_URL and the ages: no payment keys needed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseRetentionEnv, type RetentionEnv } from '../lib/config/serverEnv';
import { createDb, migrateToLatest, parseDatabaseUrl, type DbConfig } from '../lib/server/db/createDb';
import { hasJourneySchema } from '../lib/server/db/schemaPresence';
import { purge, PURGED_TABLES, RETENTION_SETTINGS, retentionAgesFrom, retentionCutoffs } from '../lib/server/retention/purge';

async function main(): Promise<number> {
  let config: RetentionEnv;
  let dbConfig: DbConfig;
  try {
    config = parseRetentionEnv(process.env);
    dbConfig = parseDatabaseUrl(config.DATABASE_URL);
  } catch (error) {
    console.error(`Nothing was purged. ${(error as Error).message}`);
    return 2;
  }
  // A mistyped DATABASE_URL must not "purge" a new empty database and report success.
  if (dbConfig.dialect === 'sqlite' && dbConfig.filename !== ':memory:' && !fs.existsSync(path.resolve(dbConfig.filename))) {
    console.error(`Nothing was purged: there is no database at ${path.resolve(dbConfig.filename)} (DATABASE_URL=${config.DATABASE_URL}).`);
    return 2;
  }
  const db = createDb(dbConfig);
  try {
    if (dbConfig.dialect === 'postgres' && !(await hasJourneySchema(db))) {
      console.error(`Nothing was purged: the database at DATABASE_URL has no purchase-journey tables (run npm run db:setup against it first).`);
      return 2;
    }
    await migrateToLatest(db);
    const now = new Date();
    const ages = retentionAgesFrom(config);
    const cutoffs = retentionCutoffs(now, ages);
    const counts = await purge(db, now, ages);
    const width = Math.max(...PURGED_TABLES.map((table) => table.length));
    console.log(`Purged ${config.DATABASE_URL} at ${now.toISOString()}:`);
    for (const table of PURGED_TABLES) {
      const { env, from } = RETENTION_SETTINGS[table];
      console.log(`  ${table.padEnd(width)} ${String(counts[table]).padStart(9)} deleted (${from} before ${cutoffs[table].toISOString()}; ${env}=${config[env]})`);
    }
    console.log(`  ${'total'.padEnd(width)} ${String(PURGED_TABLES.reduce((sum, table) => sum + counts[table], 0)).padStart(9)} deleted`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The purge failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
