import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { startPostgres } from '@/scripts/postgresServer.mjs';
import { freshPostgresDatabase } from '@/tests/fixtures/postgresTemplate';
import { renewalLedger, renewalsLeft, seedDueRenewals } from '@/tests/proofs/dueRenewals';
import { pollUntil } from '@/tests/proofs/proof';
import { renewedIn, startServers } from '@/tests/proofs/renewalsOnTwoInstances';
import { openDatabase, proofEnv } from '@/tests/proofs/server';
import type { DatabaseName } from './databaseLoad';

export interface RenewalBench {
  database: DatabaseName;
  instances: number;
  seeded: number;
  /** Subscriptions renewed once with their invoice; `wrong` counts anything else (charged twice, unrecorded, left). */
  renewed: number;
  wrong: number;
  /** From the first renewal's start to the last one's record, as the database has them. */
  seconds: number;
  perSecond: number;
  /** Each instance's renewals (its log) per second. */
  perInstance: number[];
}

export interface RenewalBenchOptions {
  /** The first of the ports the instances take. */
  port: number;
  /** Due renewals seeded per instance: at some 100 per second each, 2,500 take some 25 s. */
  perInstance: number;
  /** How long the sandbox takes to answer a renewal charge. */
  latencyMs: number;
  log: (line: string) => void;
}

const SQLITE_FILE = 'data/bench-renewals.db';

/** One configuration: a fresh database with the due renewals, `instances` servers on it, until every renewal is taken. */
async function measureOn(
  database: DatabaseName,
  databaseUrl: string,
  instances: number,
  options: RenewalBenchOptions,
): Promise<RenewalBench> {
  execFileSync('npx', ['tsx', 'scripts/db-setup.ts'], { stdio: 'ignore', env: proofEnv(databaseUrl) });
  const seeded = instances * options.perInstance;
  const db = openDatabase(databaseUrl);
  try {
    const { periodEnd } = await seedDueRenewals(db, seeded);
    options.log(`  ${database}, ${instances} instance${instances > 1 ? 's' : ''}: ${seeded} due renewals…`);
    const ports = Array.from({ length: instances }, (_, index) => options.port + index);
    const servers = await startServers(databaseUrl, ports, {
      RENEWAL_INTERVAL_SECONDS: '1',
      SANDBOX_LATENCY_MS: String(options.latencyMs),
    });
    try {
      await pollUntil(
        () => renewalsLeft(db),
        (left) => left.due === 0 && left.leased === 0 && left.open === 0,
        // Bounded: at 10 per second per instance at the worst, and a minute to start.
        60_000 + (options.perInstance / 10) * 1000,
        1000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ledger = await renewalLedger(db, periodEnd);
      const seconds = ledger.firstAt && ledger.lastAt ? (Date.parse(ledger.lastAt) - Date.parse(ledger.firstAt)) / 1000 : 0;
      const wrong =
        seeded - ledger.renewedOnce + ledger.renewedMoreThanOnce + ledger.subscriptionsWithSeveralCharges + ledger.chargedWithoutInvoice;
      const round = (value: number) => Math.round(value * 10) / 10;
      return {
        database,
        instances,
        seeded,
        renewed: ledger.renewedOnce,
        wrong,
        seconds: round(seconds),
        perSecond: round(ledger.renewedOnce / Math.max(seconds, 0.001)),
        perInstance: servers.map((server) => round(renewedIn(server) / Math.max(seconds, 0.001))),
      };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  } finally {
    await db.destroy();
  }
}

/**
 * Renewals per second with the sandbox answering each charge after `latencyMs` (as a real
 * provider answers in some 300 ms): one instance and two on the same database, on SQLite
 * and on a throw-away PostgreSQL server (durable commits), each on a fresh database with
 * `perInstance` due renewals per instance, in the same run.
 */
export async function measureRenewals(options: RenewalBenchOptions): Promise<RenewalBench[]> {
  const results: RenewalBench[] = [];
  for (const instances of [1, 2]) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${SQLITE_FILE}${suffix}`, { force: true });
    results.push(await measureOn('SQLite', `file:${SQLITE_FILE}`, instances, options));
  }
  const postgres = await startPostgres({ durable: true });
  try {
    for (const instances of [1, 2]) {
      results.push(
        await measureOn('PostgreSQL', await freshPostgresDatabase(postgres.url, `renewals_bench_${instances}`), instances, options),
      );
    }
  } finally {
    await postgres.stop();
  }
  return results;
}

/** The table: renewals per second per configuration, and two instances as a ratio of one on each database. */
export function printRenewalBench(results: readonly RenewalBench[], latencyMs: number, log: (line: string) => void): void {
  log(`\nRenewals (sandbox answering each charge after ${latencyMs} ms; first renewal to last, from the database)`);
  log(
    `  ${'database'.padEnd(12)} ${'instances'.padStart(9)} ${'renewed'.padStart(8)} ${'seconds'.padStart(8)} ${'per s'.padStart(7)} ${'per instance'.padStart(14)} ${'wrong'.padStart(6)}`,
  );
  for (const row of results) {
    log(
      `  ${row.database.padEnd(12)} ${String(row.instances).padStart(9)} ${String(row.renewed).padStart(8)} ${String(row.seconds).padStart(8)} ${String(row.perSecond).padStart(7)} ${row.perInstance.join(' / ').padStart(14)} ${String(row.wrong).padStart(6)}`,
    );
  }
  for (const database of ['SQLite', 'PostgreSQL'] as const) {
    const one = results.find((row) => row.database === database && row.instances === 1);
    const two = results.find((row) => row.database === database && row.instances === 2);
    if (one && two)
      log(
        `  ${database}: two instances / one ${(two.perSecond / Math.max(one.perSecond, 0.001)).toFixed(2)} (aim: near 2); one instance ${one.perSecond}/s (aim: >= 50)`,
      );
  }
}
