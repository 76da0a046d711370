// Installs what a fresh machine is missing, using only Node's own modules (it runs before
// node_modules exists): the npm packages when package-lock.json changed since the last
// install, with --browser Debian's Chromium for the browser tests, and with --postgres
// Debian's PostgreSQL for the storage tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { postgresBinDir } from './postgresServer.mjs';

const MIN_NODE = [20, 19];
const STAMP = 'node_modules/.journey-install-stamp';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function say(message) {
  console.log(`[setup] ${message}`);
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    throw new Error(`Node ${MIN_NODE.join('.')} or newer is needed; this is ${process.versions.node}.`);
  }
}

function lockHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(fs.readFileSync(file));
  return hash.digest('hex');
}

function nativeModulesLoad() {
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { stdio: 'ignore' });
  return probe.status === 0;
}

function ensurePackages() {
  const wanted = lockHash();
  const installed = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  if (installed === wanted && nativeModulesLoad()) return;
  say('installing npm packages (npm install; better-sqlite3 compiles from source, about a minute)…');
  // npm ci rejects this lockfile (it leaves out other platforms' optional packages); npm install keeps it.
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (!nativeModulesLoad()) {
    say('better-sqlite3 did not load; rebuilding it from source…');
    execFileSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' });
  }
  fs.writeFileSync(STAMP, `${wanted}\n`);
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package as root: apt-get install -y chromium`);
  }
  say("installing Debian's Chromium for the browser tests (apt-get install chromium)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
}

function ensurePostgres() {
  if (postgresBinDir()) return;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error("PostgreSQL is missing (the storage tests run on it too). Install Debian's package as root: apt-get install -y postgresql");
  }
  say("installing Debian's PostgreSQL for the storage tests (apt-get install postgresql)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
}

export function ensureSetup({ browser = false, postgres = false } = {}) {
  checkNode();
  ensurePackages();
  if (browser) ensureChromium();
  if (postgres) ensurePostgres();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureSetup({ browser: process.argv.includes('--browser'), postgres: process.argv.includes('--postgres') });
  } catch (error) {
    console.error(`[setup] ${error.message}`);
    process.exit(1);
  }
}
