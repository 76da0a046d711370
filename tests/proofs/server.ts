import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb, parseDatabaseUrl } from '@/lib/server/db/createDb';
import type { Database } from '@/lib/server/db/schema';
import { removeDatabase } from '@/tests/fuzz/server';

/**
 * The proofs' production servers (entrypoint/index.mjs, as npm start runs it), each on its own
 * database, given by URL so that the same proof runs on SQLite (file:…) and PostgreSQL
 * (postgres://…). The environment is built from scratch
 * (nothing inherited from the shell but what a process needs), loopback only.
 */

const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'LC_ALL', 'TZ', 'SystemRoot', 'NODE_EXTRA_CA_CERTS'];

export const FUNNEL_KEY = 'proofs-funnel-key-0123';

export function proofEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const name of INHERITED) if (process.env[name] !== undefined) env[name] = process.env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    PAYMENTS_SANDBOX: '1',
    FUNNEL_API_KEY: FUNNEL_KEY,
    ...extra,
  };
}

/** A fresh database: a SQLite file is removed first; then migrations and the demo catalogue, as the e2e server's. */
export function prepareDatabase(databaseUrl: string): void {
  const config = parseDatabaseUrl(databaseUrl);
  if (config.dialect === 'sqlite' && config.filename !== ':memory:') {
    removeDatabase(config.filename);
    fs.mkdirSync(path.dirname(path.resolve(config.filename)), { recursive: true });
  }
  const result = spawnSync('npx', ['tsx', 'scripts/db-setup.ts'], { env: proofEnv(databaseUrl), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`db-setup failed:\n${result.stdout}\n${result.stderr}`);
}

/** The proof's own handle on the server's database, for counting what the server wrote. */
export function openDatabase(databaseUrl: string): Kysely<Database> {
  return createDb(parseDatabaseUrl(databaseUrl));
}

export interface ProofServer {
  base: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the signal or code the process ended with. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** Starts a server on a prepared database and waits for GET /status (at most 90 s). */
export async function startServer(databaseUrl: string, port: number, extra: Record<string, string> = {}): Promise<ProofServer> {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('No production build (.next/BUILD_ID): run `npx next build` first.');
  const child = spawn('node', ['entrypoint/index.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    env: proofEnv(databaseUrl, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 2_000_000) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      resolve(ended);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const server: ProofServer = {
    base,
    child,
    output: () => output,
    exited,
    async stop() {
      if (ended) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`The server exited before it was ready:\n${output.slice(-4000)}`);
    const status = await fetch(`${base}/status`, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`The server did not answer GET /status within 90 s:\n${output.slice(-4000)}`);
}
