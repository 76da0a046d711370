// @ts-check
// Installs what a fresh machine is missing, using only Node's own modules (it runs before
// node_modules exists): the npm packages when package-lock.json changed since the last
// install, with --browser Debian's Chromium and nginx for the browser tests, and with
// --postgres Debian's PostgreSQL for the storage tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { postgresBinDir } from './postgresServer.mjs';

/** @type {[number, number]} */
const MIN_NODE = [20, 19];
const STAMP = 'node_modules/.journey-install-stamp';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The browser tests' Chromium: Debian's headless shell, the same engine without the full browser's UI processes. */
export const E2E_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** @param {string} message */
function say(message) {
  console.log(`[setup] ${message}`);
}

function checkNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const [minMajor, minMinor] = MIN_NODE;
  if (major < minMajor || (major === minMajor && minor < minMinor)) {
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
  // npm ci installs exactly what the committed lockfile says and never rewrites it, so a
  // fresh clone stays clean; npm install only where there is no lockfile yet.
  const command = fs.existsSync('package-lock.json') ? 'ci' : 'install';
  say(`installing npm packages (npm ${command}; better-sqlite3 compiles from source, about a minute)…`);
  execFileSync('npm', [command, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (!nativeModulesLoad()) {
    say('better-sqlite3 did not load; rebuilding it from source…');
    execFileSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' });
  }
  fs.writeFileSync(STAMP, `${wanted}\n`);
}

const POLICY_RC = '/usr/sbin/policy-rc.d';
let aptUpdated = false;

/**
 * Installs Debian packages as root. The packages' own services (the postgresql cluster on
 * 5432, nginx on port 80) are kept from starting while they install (policy-rc.d answers
 * 101, "not allowed"): the tests start servers of their own on free loopback ports.
 */
/**
 * @param {string[]} packages
 * @param {string} why
 */
function aptInstall(packages, why) {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`${why}: install Debian's package as root: apt-get install -y ${packages.join(' ')}`);
  }
  say(`${why}: apt-get install ${packages.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ownPolicy = !fs.existsSync(POLICY_RC);
  if (ownPolicy)
    fs.writeFileSync(POLICY_RC, '#!/bin/sh\n# npm test: no service starts while packages install\nexit 101\n', { mode: 0o755 });
  try {
    if (!aptUpdated) execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    aptUpdated = true;
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  } finally {
    if (ownPolicy) fs.rmSync(POLICY_RC, { force: true });
  }
}

function ensureChromium() {
  if (!fs.existsSync(CHROMIUM_PATH))
    aptInstall(['chromium', 'fonts-liberation'], `Chromium is missing at ${CHROMIUM_PATH} (the bench and visitor checks need it)`);
  if (!fs.existsSync(E2E_CHROMIUM_PATH))
    aptInstall(['chromium-headless-shell'], `Chromium's headless shell is missing at ${E2E_CHROMIUM_PATH} (the browser tests run in it)`);
}

function ensurePostgres() {
  if (!postgresBinDir()) aptInstall(['postgresql'], 'PostgreSQL is missing (the storage tests run on it too)');
}

// deploy/nginx.conf is tested (nginx -t, and the cache in front of a server) and benchmarked
// with Debian's nginx-light, the smallest build that has every module it uses.
export function ensureNginx() {
  if (!fs.existsSync(NGINX_PATH)) aptInstall(['nginx-light'], `nginx is missing at ${NGINX_PATH} (the deployment tests need it)`);
}

/** @param {{ browser?: boolean, nginx?: boolean, postgres?: boolean }} [needs] */
export function ensureSetup({ browser = false, nginx = browser, postgres = false } = {}) {
  checkNode();
  ensurePackages();
  if (browser) ensureChromium();
  if (nginx) ensureNginx();
  if (postgres) ensurePostgres();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureSetup({
      browser: process.argv.includes('--browser'),
      nginx: process.argv.includes('--browser') || process.argv.includes('--nginx'),
      postgres: process.argv.includes('--postgres'),
    });
  } catch (error) {
    console.error(`[setup] ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
