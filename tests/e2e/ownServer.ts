import { spawn, spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { freePort, removeDatabase } from '@/tests/fuzz/server';

export { freePort };

export interface OwnServer {
  /** http://127.0.0.1:{port} */
  base: string;
  stop(): void;
}

/**
 * A second server of the suite's build, configured as a spec needs (an https site, a
 * consent policy, a DSN…), on its own port and a fresh demo database `db`. Call it in
 * beforeAll, with a timeout that allows for the database setup (a minute or two).
 */
export async function startOwnServer(db: string, env: Record<string, string>): Promise<OwnServer> {
  removeDatabase(db);
  const serverEnv = { ...process.env, DATABASE_URL: `file:${db}`, PAYMENTS_SANDBOX: '1', NEXT_TELEMETRY_DISABLED: '1', ...env };
  expect(spawnSync('npx', ['tsx', 'scripts/db-setup.ts'], { env: serverEnv, stdio: 'ignore' }).status).toBe(0);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['entrypoint/index.mjs', '-p', String(port), '-H', '127.0.0.1'], { env: serverEnv, stdio: 'ignore' });
  await expect.poll(async () => (await fetch(`${base}/status`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
  return { base, stop: () => server.kill('SIGTERM') };
}
