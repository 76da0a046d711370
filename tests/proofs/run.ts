/**
 * Proofs of issue 13 against production servers of their own (npm test runs them after
 * the fuzz; they need a production build):
 *   1. duplicate submits: 50 concurrent submits of one checkout attempt, one charge and one
 *      transaction;
 *   2. a killed server: SIGKILL during 200 checkouts, after the gateway took a payment and
 *      before its answer; the restarted server settles every one, nothing lost, charged
 *      twice or left processing;
 *   3. sustained load: the offer page and the funnel endpoint together for 60 s, no error,
 *      events acknowledged = events stored;
 *   4. two instances on one PostgreSQL database: a purchase whose steps alternate between
 *      them completes;
 *   5. a killed renewal run: SIGKILL after 100 of 300 due renewals were charged; the restart
 *      charges nothing twice and leaves nothing charged without an invoice or in flight;
 *   6. renewals on two instances: 10,000 due renewals on one PostgreSQL database, shared by
 *      two servers, each charged once with one invoice.
 * The first three and the killed renewal run run on SQLite; with a PostgreSQL server
 * (TEST_POSTGRES_URL, which npm test sets to its throw-away server) the duplicate submits,
 * the killed server and the killed renewal run run again on PostgreSQL, and the two
 * instances and the renewals on two instances run there. Each gets a fresh database.
 * Loopback only; bounded in count and time; no timing assertions.
 *
 *   npx tsx tests/proofs/run.ts
 * Environment: TEST_POSTGRES_URL (a postgres:// URL of a server's maintenance database, on
 * which the proofs may create and drop databases named proofs_*), PROOFS_PORT (default:
 * free ports; else this port and the next), PROOFS_LOAD_SECONDS (default 60),
 * PROOFS_LOAD_CONNECTIONS (default 8 per route), PROOFS_RENEWALS (default 10000: the
 * renewals on two instances), PROOFS_KILLED_RENEWALS (default 300),
 * PROOFS_ONLY=duplicates|killed|load|instances|killed-renewals|renewals (comma-separated).
 * Writes test-results/proofs.json and test-results/proofs-server.log.
 */
import fs from 'node:fs';
import { duplicateSubmits } from './duplicateSubmits';
import { killedRenewals } from './killedRenewals';
import { killedServer } from './killedServer';
import type { ProofResult } from './proof';
import { renewalsOnTwoInstances } from './renewalsOnTwoInstances';
import { openDatabase, prepareDatabase, startServer, type ProofServer } from './server';
import { sustainedLoad } from './sustainedLoad';
import { twoInstances } from './twoInstances';
import { freePort } from '@/tests/fuzz/server';
import { freshPostgresDatabase, TEST_POSTGRES_URL_ENV } from '@/tests/fixtures/postgresTemplate';
import { trackingDatabaseUrl } from '@/lib/server/db/trackingDatabaseUrl';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number, at least 1, not ${JSON.stringify(raw)}`);
  return value;
}

const LOAD_SECONDS = envNumber('PROOFS_LOAD_SECONDS', 60);
const LOAD_CONNECTIONS = envNumber('PROOFS_LOAD_CONNECTIONS', 8);
const RENEWALS = envNumber('PROOFS_RENEWALS', 10_000);
const KILLED_RENEWALS = envNumber('PROOFS_KILLED_RENEWALS', 300);
const ONLY = process.env.PROOFS_ONLY ?? '';
const POSTGRES_SERVER = process.env[TEST_POSTGRES_URL_ENV] || '';
const sqliteUrl = (name: string) => `file:data/proofs-${name}.db`;
let nextPort = process.env.PROOFS_PORT ? envNumber('PROOFS_PORT', 0) : 0;
const port = async () => (nextPort ? nextPort++ : freePort());

const logs: string[] = [];
const keepLog = (name: string, server: ProofServer) => logs.push(`=== ${name} ===\n${server.output()}`);

/** Runs one proof; a proof that throws is a failed proof with the error as its check. */
async function timed(title: string, run: () => Promise<ProofResult>): Promise<ProofResult> {
  const started = Date.now();
  console.log(`\n${title}…`);
  let result: ProofResult;
  try {
    result = await run();
  } catch (error) {
    result = {
      title,
      ok: false,
      checks: [`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`],
      measures: {},
    };
  }
  result.durationMs = Date.now() - started;
  for (const line of result.checks) console.log(`  ${line}`);
  console.log(`  measured: ${JSON.stringify(result.measures)}`);
  return result;
}

/** Runs the proofs that take one database URL, on `label`'s database(s); `url(name)` makes a fresh one per server. */
async function proofsOn(
  label: string,
  url: (name: string) => Promise<string>,
  wanted: (name: string) => boolean,
  withLoad: boolean,
): Promise<ProofResult[]> {
  const results: ProofResult[] = [];
  const add = (result: ProofResult) => results.push({ ...result, title: `${result.title} [${label}]` });
  // Duplicate submits and the load share one server (each counts only its own attempt or session).
  const load = withLoad && wanted('load');
  if (wanted('duplicates') || load) {
    const databaseUrl = await url('checkout');
    prepareDatabase(databaseUrl);
    // The load sends some 90,000 events (35 MB) a minute from one address: every tracking limit raised.
    const server = await startServer(databaseUrl, await port(), {
      INGEST_EVENTS_PER_CLIENT: '1000000000',
      INGEST_BYTES_PER_CLIENT: '1000000000000',
      INGEST_BYTES_TOTAL: '1000000000000',
    });
    try {
      if (wanted('duplicates')) {
        const db = openDatabase(databaseUrl);
        try {
          add(await timed(`duplicate submits [${label}]`, () => duplicateSubmits(server.base, db)));
        } finally {
          await db.destroy();
        }
      }
      if (load) {
        add(
          await timed(`sustained load (${LOAD_SECONDS} s) [${label}]`, () =>
            sustainedLoad(server.base, {
              seconds: LOAD_SECONDS,
              connections: LOAD_CONNECTIONS,
              stopServer: () => server.stop(),
              openDb: () => openDatabase(trackingDatabaseUrl(databaseUrl)),
            }),
          ),
        );
      }
    } finally {
      await server.stop();
      keepLog(`checkout and load server [${label}]`, server);
    }
  }
  if (wanted('killed')) {
    const databaseUrl = await url('killed');
    prepareDatabase(databaseUrl);
    const killedPort = await port();
    add(
      await timed(`a killed server [${label}]`, () =>
        killedServer(databaseUrl, killedPort, (name, server) => keepLog(`${name} [${label}]`, server)),
      ),
    );
  }
  if (wanted('killed-renewals')) {
    const databaseUrl = await url('killed_renewals');
    prepareDatabase(databaseUrl);
    const killedPort = await port();
    add(
      await timed(`a killed renewal run [${label}]`, () =>
        killedRenewals(databaseUrl, killedPort, KILLED_RENEWALS, (name, server) => keepLog(`${name} [${label}]`, server)),
      ),
    );
  }
  return results;
}

async function main(): Promise<number> {
  const wanted = (name: string) => !ONLY || ONLY.split(',').includes(name);
  const results = await proofsOn('SQLite', async (name) => sqliteUrl(name), wanted, true);
  if (POSTGRES_SERVER) {
    results.push(...(await proofsOn('PostgreSQL', (name) => freshPostgresDatabase(POSTGRES_SERVER, `proofs_${name}`), wanted, false)));
    if (wanted('instances')) {
      // Instance A migrates the empty database itself (the server's own bundled code, not
      // db:setup's); then the demo catalogue is loaded and B joins.
      const databaseUrl = await freshPostgresDatabase(POSTGRES_SERVER, 'proofs_instances');
      const a = await startServer(databaseUrl, await port());
      const migratedByA = await fetch(`${a.base}/api/identity/subscription?brand=vogue`).then(
        (response) => response.status,
        () => 0,
      );
      prepareDatabase(databaseUrl);
      const b = await startServer(databaseUrl, await port());
      const db = openDatabase(databaseUrl);
      try {
        results.push(await timed('two instances [PostgreSQL]', () => twoInstances(a, b, db, { migratedByA })));
      } finally {
        await db.destroy();
        for (const [name, server] of [
          ['instance A', a],
          ['instance B', b],
        ] as const) {
          await server.stop();
          keepLog(`${name} [PostgreSQL]`, server);
        }
      }
    }
    if (wanted('renewals')) {
      const databaseUrl = await freshPostgresDatabase(POSTGRES_SERVER, 'proofs_renewals');
      prepareDatabase(databaseUrl);
      const ports = [await port(), await port()] as const;
      results.push(
        await timed(`renewals on two instances [PostgreSQL]`, () =>
          renewalsOnTwoInstances(databaseUrl, ports, RENEWALS, (name, server) => keepLog(`${name} [PostgreSQL]`, server)),
        ),
      );
    }
  } else {
    console.log(`\n(no PostgreSQL server: ${TEST_POSTGRES_URL_ENV} is not set, so the proofs ran on SQLite only)`);
  }

  const failed = results.filter((result) => !result.ok).length;
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/proofs-server.log', logs.join('\n'));
  fs.writeFileSync('test-results/proofs.json', JSON.stringify({ passed: results.length - failed, failed, proofs: results }, null, 2));
  console.log(`\nProofs: ${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The proofs could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/proofs.json', JSON.stringify({ passed: 0, failed: 1, error: String(error) }, null, 2));
    process.exit(1);
  },
);
