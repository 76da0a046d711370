/**
 * Proofs of issue 13 against production servers of their own (npm test runs them after
 * the fuzz; they need a production build):
 *   1. duplicate submits: 50 concurrent submits of one checkout attempt, one charge and one
 *      transaction;
 *   2. a killed server: SIGKILL after the gateway took the payment and before the answer;
 *      the restarted server completes the order, nothing lost or charged twice;
 *   3. sustained load: the offer page and the funnel endpoint together for 60 s, no error,
 *      events acknowledged = events stored.
 * Loopback only; bounded in count and time; no timing assertions.
 *
 *   npx tsx tests/proofs/run.ts
 * Environment: PROOFS_DATABASE_URL (default: a fresh SQLite file per server under data/;
 * a postgres:// URL runs them on PostgreSQL once the database layer takes it, all on that
 * database, each proof counting only its own attempt or session), PROOFS_PORT (default: free
 * ports; else this port and the next), PROOFS_LOAD_SECONDS (default 60),
 * PROOFS_LOAD_CONNECTIONS (default 8 per route), PROOFS_ONLY=duplicates|killed|load.
 * Writes test-results/proofs.json and test-results/proofs-server.log.
 */
import fs from 'node:fs';
import { duplicateSubmits } from './duplicateSubmits';
import { killedServer } from './killedServer';
import type { ProofResult } from './proof';
import { openDatabase, prepareDatabase, startServer, type ProofServer } from './server';
import { sustainedLoad } from './sustainedLoad';
import { freePort } from '../fuzz/server';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number, at least 1, not ${JSON.stringify(raw)}`);
  return value;
}

const LOAD_SECONDS = envNumber('PROOFS_LOAD_SECONDS', 60);
const LOAD_CONNECTIONS = envNumber('PROOFS_LOAD_CONNECTIONS', 8);
const ONLY = process.env.PROOFS_ONLY ?? '';
const databaseUrl = (name: string) => process.env.PROOFS_DATABASE_URL || `file:data/proofs-${name}.db`;
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
    result = { title, ok: false, checks: [`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`], measures: {} };
  }
  result.durationMs = Date.now() - started;
  for (const line of result.checks) console.log(`  ${line}`);
  console.log(`  measured: ${JSON.stringify(result.measures)}`);
  return result;
}

async function main(): Promise<number> {
  const results: ProofResult[] = [];
  const wanted = (name: string) => !ONLY || ONLY.split(',').includes(name);

  // Duplicate submits and the load share one server (each counts only its own attempt or session).
  if (wanted('duplicates') || wanted('load')) {
    const url = databaseUrl('checkout');
    prepareDatabase(url);
    const server = await startServer(url, await port(), { INGEST_EVENTS_PER_CLIENT: '1000000000' });
    try {
      if (wanted('duplicates')) {
        const db = openDatabase(url);
        try {
          results.push(await timed('duplicate submits', () => duplicateSubmits(server.base, db)));
        } finally {
          await db.destroy();
        }
      }
      if (wanted('load')) {
        results.push(
          await timed(`sustained load (${LOAD_SECONDS} s)`, () =>
            sustainedLoad(server.base, { seconds: LOAD_SECONDS, connections: LOAD_CONNECTIONS, stopServer: () => server.stop(), openDb: () => openDatabase(url) }),
          ),
        );
      }
    } finally {
      await server.stop();
      keepLog('checkout and load server', server);
    }
  }
  if (wanted('killed')) {
    const url = databaseUrl('killed');
    prepareDatabase(url);
    const killedPort = await port();
    results.push(await timed('a killed server', () => killedServer(url, killedPort, keepLog)));
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
