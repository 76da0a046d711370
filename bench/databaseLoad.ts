import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { startPostgres } from '@/scripts/postgresServer.mjs';
import { trackingDatabaseUrl } from '@/lib/server/db/trackingDatabaseUrl';
import { freshPostgresDatabase } from '@/tests/fixtures/postgresTemplate';
import { measureCheckouts, type CheckoutLatency } from './checkoutLoad';
import { measureFunnel, type FunnelBench } from './funnelLoad';

export type DatabaseName = 'SQLite' | 'PostgreSQL';

export interface DatabaseBench {
  database: DatabaseName;
  funnel: FunnelBench;
  checkouts: CheckoutLatency;
}

export interface DatabaseBenchOptions {
  /** The port each database's server takes in turn. */
  port: number;
  /** The server's environment (keys, limits raised for the load); DATABASE_URL is set here. */
  env: NodeJS.ProcessEnv;
  apiKey: string;
  connections: number;
  durationS: number;
  rounds: number;
  warmupS: number;
  countRequests: number;
  checkouts: number;
  checkoutConcurrency: number;
  log: (line: string) => void;
}

const SQLITE_FILE = 'data/bench-sqlite.db';

async function waitForStatus(origin: string): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    const ok = await fetch(`${origin}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${origin} did not start`);
}

/** One database: a server of its own on it (migrated, the demo catalogue), funnel ingestion, then checkouts. */
async function measureOn(database: DatabaseName, databaseUrl: string, options: DatabaseBenchOptions): Promise<DatabaseBench> {
  const env = { ...options.env, DATABASE_URL: databaseUrl, PORT: String(options.port) };
  execFileSync('npx', ['tsx', 'scripts/db-setup.ts'], { stdio: 'ignore', env });
  const server = spawn('node', ['entrypoint/index.mjs', '-p', String(options.port), '-H', '127.0.0.1'], {
    stdio: 'ignore',
    env,
    detached: true,
  });
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    await waitForStatus(origin);
    options.log(`  ${database}: funnel ingestion…`);
    const funnel = await measureFunnel({
      origin,
      apiKey: options.apiKey,
      trackingDatabaseUrl: trackingDatabaseUrl(databaseUrl),
      connections: options.connections,
      durationS: options.durationS,
      rounds: options.rounds,
      warmupS: options.warmupS,
      countRequests: options.countRequests,
    });
    options.log(`  ${database}: ${options.checkouts} checkouts…`);
    const checkouts = await measureCheckouts(origin, options.checkouts, options.checkoutConcurrency);
    return { database, funnel, checkouts };
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Funnel ingestion and checkout submits on each database, in the same run: the embedded
 * SQLite file (synchronous=FULL) and a throw-away PostgreSQL server on loopback with its
 * commits durable too (fsync on), each behind a server of its own on the same build.
 */
export async function measureOnDatabases(options: DatabaseBenchOptions): Promise<DatabaseBench[]> {
  const results: DatabaseBench[] = [];
  for (const file of [SQLITE_FILE, trackingDatabaseUrl(`file:${SQLITE_FILE}`).slice('file:'.length)]) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }
  results.push(await measureOn('SQLite', `file:${SQLITE_FILE}`, options));
  const postgres = await startPostgres({ durable: true });
  try {
    results.push(await measureOn('PostgreSQL', await freshPostgresDatabase(postgres.url, 'journey_bench'), options));
  } finally {
    await postgres.stop();
  }
  return results;
}

/** The table: each database's ingestion (and its ratio to the smallest API route on the same server) and checkout latency, with PostgreSQL as a ratio of SQLite. */
export function printDatabaseBench(results: readonly DatabaseBench[], log: (line: string) => void): void {
  const sqlite = results.find((result) => result.database === 'SQLite');
  log(
    '\nOn each database (a server of its own per database; funnel: beacon POSTs of 10 items at 50 connections; checkouts: submit then success page)',
  );
  log(
    `  ${'database'.padEnd(12)} ${'events/s'.padStart(9)} ${'vs ping'.padStart(8)} ${'stored'.padStart(8)} ${'submit p50'.padStart(11)} ${'p99'.padStart(7)} ${'checkouts/s'.padStart(12)} ${'failed'.padStart(7)}`,
  );
  for (const { database, funnel, checkouts } of results) {
    log(
      `  ${database.padEnd(12)} ${String(funnel.funnel.eventsPerSecond).padStart(9)} ${funnel.ratio.toFixed(2).padStart(8)} ${(funnel.count.matches ? 'all' : 'LOST').padStart(8)} ${`${checkouts.p50Ms} ms`.padStart(11)} ${`${checkouts.p99Ms} ms`.padStart(7)} ${String(checkouts.perSecond).padStart(12)} ${String(checkouts.failed + funnel.funnel.failures).padStart(7)}`,
    );
  }
  const postgres = results.find((result) => result.database === 'PostgreSQL');
  if (sqlite && postgres) {
    log(
      `  PostgreSQL / SQLite: ingestion ${(postgres.funnel.funnel.eventsPerSecond / Math.max(1, sqlite.funnel.funnel.eventsPerSecond)).toFixed(2)}, submit p50 ${(postgres.checkouts.p50Ms / Math.max(1, sqlite.checkouts.p50Ms)).toFixed(2)}`,
    );
  }
}
