// Installs what a fresh machine is missing, using only Node's own modules (it runs before
// node_modules exists): the npm packages when package-lock.json changed since the last
// install, and with --browser Debian's Chromium and nginx for the browser tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';

const MIN_NODE = [20, 19];
const STAMP = 'node_modules/.journey-install-stamp';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

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

// deploy/nginx.conf is tested (nginx -t, and the cache in front of a server) and benchmarked
// with Debian's nginx-light, the smallest build that has every module it uses.
export function ensureNginx() {
  if (fs.existsSync(NGINX_PATH)) return;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`nginx is missing at ${NGINX_PATH}. Install Debian's package as root: apt-get install -y nginx-light`);
  }
  say("installing Debian's nginx for the deployment tests (apt-get install nginx-light)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], { stdio: 'inherit', env });
}

export function ensureSetup({ browser = false, nginx = browser } = {}) {
  checkNode();
  ensurePackages();
  if (browser) ensureChromium();
  if (nginx) ensureNginx();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureSetup({ browser: process.argv.includes('--browser'), nginx: process.argv.includes('--browser') || process.argv.includes('--nginx') });
  } catch (error) {
    console.error(`[setup] ${error.message}`);
    process.exit(1);
  }
}
