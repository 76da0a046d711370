import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createDb, parseDatabaseUrl } from '@/lib/server/db/createDb';
import { trackingDatabaseUrl } from '@/lib/server/db/trackingDatabaseUrl';
import { OperatorTokens } from '@/lib/server/operators/operatorTokens';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { send } from './client';

/**
 * The fuzz's own production server (entrypoint/index.mjs, as npm start runs it) on its own port
 * and a fresh database under data/, so that it shares nothing with the browser tests'
 * server. Its environment is built from scratch (no APP_ENV, PUBLIC_ORIGIN or keys
 * inherited from the shell), with what makes every route reachable: the sandbox, a
 * Stripe webhook secret (so that signatures are checked rather than the route switched
 * off) and one trusted proxy hop on loopback (so that X-Forwarded-For is read, and the fuzz's garbage
 * in it with it). Its database gets operators before it starts (seedOperators): the
 * operators' routes and pages are reached with a personal API token and signed-in sessions.
 */

export const FUZZ_SECRETS = {
  funnelKey: 'fuzz-funnel-key-0123',
};

/** The fuzz's operators' addresses: no request asks a sign-in link for them (a link and a mail would be written). */
export const FUZZ_OPERATOR_EMAILS = {
  admin: 'fuzz.admin@back-office.example',
  marketer: 'fuzz.marketer@back-office.example',
} as const;

/** What the fuzz signs in with, made in its database before the server starts. */
export interface FuzzOperators {
  /** A personal API token of the admin, with every scope (Authorization: Bearer pjop_…). */
  adminToken: string;
  /** The values of the PJ_operator cookie of two signed-in back-office sessions. */
  adminSession: string;
  marketerSession: string;
  operatorEmails: readonly string[];
}

export interface FuzzServer {
  port: number;
  child: ChildProcess;
  operators: FuzzOperators;
  /** The server's output so far (stdout and stderr). */
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'LC_ALL', 'TZ', 'SystemRoot', 'NODE_EXTRA_CA_CERTS'];

export function serverEnv(databaseFile: string): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const name of INHERITED) if (process.env[name] !== undefined) env[name] = process.env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: `file:${databaseFile}`,
    PAYMENTS_SANDBOX: '1',
    // The fuzz sends hundreds of wrong operator tokens: at the default limit (30 in 15 minutes,
    // all operators together) they would refuse the right one too for the rest of the run,
    // and no route behind it would be reached. The limit itself is tested in lib/server/operators.
    OPERATOR_FAILURE_LIMIT: '10000',
    FUNNEL_API_KEY: FUZZ_SECRETS.funnelKey,
    STRIPE_WEBHOOK_SECRET_TEST: 'whsec_fuzz0123456789',
    TRUSTED_PROXY_HOPS: '1',
    TRUSTED_PROXIES: '127.0.0.1',
  };
}

/** A port the system says is free now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The tracking data's SQLite file that the server keeps beside `file` (lib/server/db/trackingDatabaseUrl). */
export function trackingDatabaseFile(file: string): string {
  return trackingDatabaseUrl(`file:${file}`).slice('file:'.length);
}

/** Removes a server's SQLite databases: the app's file and the tracking file beside it, with their journals. */
export function removeDatabase(file: string): void {
  for (const base of [file, trackingDatabaseFile(file)]) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${base}${suffix}`, { force: true });
  }
}

/** Prepares a fresh database (migrations and the demo catalogue) as the e2e server does. */
export function prepareDatabase(file: string): void {
  removeDatabase(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const result = spawnSync('npx', ['tsx', 'scripts/db-setup.ts'], { env: serverEnv(file), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`db-setup failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Adds the fuzz's operators to a prepared database, before the server opens it: an admin
 * with a personal API token (every scope) and a signed-in session, and a marketer with a
 * signed-in session (the sessions written directly, as tests/fixtures/operatorSessions.ts
 * does: the sign-in itself, by link and second factor, is not the fuzz's to drive).
 */
export async function seedOperators(file: string): Promise<FuzzOperators> {
  const db = createDb(parseDatabaseUrl(`file:${file}`));
  try {
    const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
    const admin = await signedInOperator(db, 'admin', FUZZ_OPERATOR_EMAILS.admin);
    const marketer = await signedInOperator(db, 'marketer', FUZZ_OPERATOR_EMAILS.marketer);
    const { token } = await new OperatorTokens(db).create(admin.operator.id, 'fuzz', ['admin', 'care', 'reports', 'campaigns'], {
      operatorId: null,
      label: 'fuzz test',
    });
    return {
      adminToken: token,
      adminSession: cookieValue(admin.cookie),
      marketerSession: cookieValue(marketer.cookie),
      operatorEmails: Object.values(FUZZ_OPERATOR_EMAILS),
    };
  } finally {
    await db.destroy();
  }
}

export async function statusOk(port: number): Promise<boolean> {
  const exchange = await send(Buffer.from(`GET /status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`), {
    port,
    methods: ['GET'],
    timeoutMs: 10_000,
  });
  return exchange.responses[0]?.status === 200;
}

export async function startServer(databaseFile: string, port: number): Promise<FuzzServer> {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('No production build (.next/BUILD_ID): run `npx next build` first.');
  prepareDatabase(databaseFile);
  const operators = await seedOperators(databaseFile);
  const child = spawn('node', ['entrypoint/index.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    env: serverEnv(databaseFile),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // Bounded: a server that logs every refusal must not fill the test's memory.
    if (output.length < 2_000_000) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const server: FuzzServer = {
    port,
    child,
    operators,
    output: () => output,
    alive: () => !exited && child.exitCode === null && child.signalCode === null,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`The fuzz server exited before it was ready:\n${output.slice(-4000)}`);
    if (await statusOk(port).catch(() => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`The fuzz server did not answer GET /status within 90 s:\n${output.slice(-4000)}`);
}
