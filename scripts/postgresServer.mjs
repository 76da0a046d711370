// @ts-check
// A throw-away PostgreSQL server for the tests and the bench: initdb in a temp directory,
// served on a free loopback port, removed when stopped. initdb refuses to run as root, so
// under root the cluster belongs to the unprivileged user "nobody". Uses only Node's own
// modules and Debian's postgresql package (ensure-setup installs it when missing).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const UNPRIVILEGED_USER = 'nobody';

/** The directory of initdb and postgres: Debian's newest version, else whatever is on the PATH. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

function owner() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = spawnSync('id', ['-u', UNPRIVILEGED_USER], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', UNPRIVILEGED_USER], { encoding: 'utf8' });
  if (id.status !== 0 || group.status !== 0)
    throw new Error(`initdb refuses root, and there is no user "${UNPRIVILEGED_USER}" to run PostgreSQL as.`);
  return { uid: Number(id.stdout.trim()), gid: Number(group.stdout.trim()) };
}

/**
 * @param {string} binDir
 * @param {number} port
 * @param {import('node:child_process').ChildProcess} server
 * @param {string} logFile
 */
async function waitUntilReady(binDir, port, server, logFile) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const ready = spawnSync(path.join(binDir, 'pg_isready'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-q',
    ]);
    if (ready.status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
  throw new Error(`PostgreSQL did not start on 127.0.0.1:${port}.\n${log}`);
}

/**
 * Starts a server and answers its URL (the "postgres" maintenance database, user
 * "postgres", trust authentication on loopback only) and stop(), which ends it and
 * removes its directory. `durable: false` turns fsync off: a test cluster lives for one run.
 */
export async function startPostgres({ durable = false, maxConnections = 400 } = {}) {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (npm test does this when run as root).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journey-pg-'));
  const ids = owner();
  if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asOwner = { ...ids, cwd: dir, env: { ...process.env, LC_ALL: 'C' } };
  const init = spawnSync(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8'], {
    ...asOwner,
    encoding: 'utf8',
  });
  if (init.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const settings = ['-c', `max_connections=${maxConnections}`, '-c', 'shared_buffers=64MB'];
  if (!durable) settings.push('-c', 'fsync=off', '-c', 'full_page_writes=off');
  const log = fs.openSync(logFile, 'a');
  if (ids.uid !== undefined) fs.fchownSync(log, ids.uid, ids.gid);
  const server = spawn(path.join(binDir, 'postgres'), ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir, ...settings], {
    ...asOwner,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      // SIGINT is PostgreSQL's fast shutdown: it ends sessions and exits cleanly.
      server.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(binDir, port, server, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}

// `node scripts/postgresServer.mjs`: a server for trying the app on PostgreSQL by hand;
// prints its URL and runs until Ctrl-C.
// (No top-level await: tsx loads this file from the bench as CommonJS.)
if (import.meta.url === `file://${process.argv[1]}`) {
  startPostgres({ durable: true }).then(
    ({ url, stop }) => {
      console.log(`PostgreSQL is running: ${url}\nStop it with Ctrl-C (its data goes with it).`);
      const end = () => stop().then(() => process.exit(0));
      process.on('SIGINT', end);
      process.on('SIGTERM', end);
    },
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
