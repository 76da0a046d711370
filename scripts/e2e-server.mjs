// @ts-check
// Serves the production build for the browser tests on a fresh copy of the demo catalogue.
// Builds first only when there is no build (npm test always builds before it runs).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

const port = process.env.PORT ?? '3210';
/** @type {(cmd: string, args: string[]) => unknown} */
const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit', env: process.env });

// The app's database and the tracking data's file beside it (lib/server/db/trackingDatabaseUrl).
for (const base of ['data/e2e.db', 'data/e2e-tracking.db']) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${base}${suffix}`, { force: true });
}
if (!fs.existsSync('.next/BUILD_ID')) run('npx', ['next', 'build']);
run('npx', ['tsx', 'scripts/db-setup.ts']);
// QA's operator and its personal API token (tests/e2e/support.ts reads it): no shared secret.
const operator = (/** @type {string[]} */ ...args) =>
  execFileSync('npx', ['tsx', 'scripts/operator.ts', ...args], { env: process.env, encoding: 'utf8' });
operator('add', '--email', 'qa@operators.example', '--name', 'QA', '--role', 'admin');
const token = operator(
  'token',
  '--email',
  'qa@operators.example',
  '--name',
  'browser tests',
  '--scopes',
  'admin,care,reports,campaigns',
).split('\n')[0];
fs.writeFileSync('data/e2e-operator-token', `${token}\n`, { mode: 0o600 });

const server = spawn('node', ['entrypoint/index.mjs', '-p', port, '-H', '127.0.0.1'], { stdio: 'inherit', env: process.env });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
