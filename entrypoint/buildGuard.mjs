// @ts-check
// Builds never pull the floor from under a running server (issue 13). `next build` replaces
// .next; a server already serving from this checkout then answers 400 for its own chunks and
// no button on its pages works any more. So a current build is reused, and a stale one is
// rebuilt only when no server of this checkout is running.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the built app is made of: a change to any of these makes a build stale. */
export const BUILD_INPUTS = [
  'pages',
  'components',
  'lib',
  'styles',
  'public',
  'next.config.js',
  'package-lock.json',
  'tsconfig.json',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'sentry.client.config.ts',
  'sentry.server.config.ts',
];
const FINGERPRINT_FILE = 'build-fingerprint';
const SERVERS_DIR = 'servers';

/** @typedef {{ pid: number, port?: number | string }} ServerRecord */

/**
 * @param {string} dir
 * @param {string} entry
 * @returns {string[]}
 */
function filesUnder(dir, entry) {
  const full = path.join(dir, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => filesUnder(dir, path.join(entry, name)));
}

/**
 * A hash of every build input's path and content.
 * @param {string} dir
 */
export function sourceFingerprint(dir) {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((entry) => filesUnder(dir, entry)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Records a server serving this build (entrypoint/index.mjs), and returns its removal.
 * @param {string} dir
 * @param {number | string} port
 * @returns {() => void}
 */
export function registerServer(dir, port) {
  const folder = path.join(dir, '.next', SERVERS_DIR);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, String(process.pid));
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port }));
  return () => fs.rmSync(file, { force: true });
}

/**
 * The servers of this checkout that are running (a record left by a killed server is ignored and removed).
 * @param {string} dir
 * @returns {ServerRecord[]}
 */
export function liveServers(dir) {
  const folder = path.join(dir, '.next', SERVERS_DIR);
  if (!fs.existsSync(folder)) return [];
  /** @type {ServerRecord[]} */
  const servers = [];
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    try {
      const record = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(record.pid) && alive(record.pid)) servers.push({ pid: record.pid, port: record.port });
      else fs.rmSync(file, { force: true });
    } catch {
      fs.rmSync(file, { force: true });
    }
  }
  return servers;
}

/**
 * Whether to reuse the build, build, or refuse (pure: the facts are gathered by ensureBuild).
 * @param {{ hasBuild: boolean, storedFingerprint: string | null, currentFingerprint: string, servers: readonly ServerRecord[], alwaysBuild?: boolean }} facts
 * @returns {{ action: 'reuse' } | { action: 'build' } | { action: 'refuse', message: string }}
 */
export function decideBuild({ hasBuild, storedFingerprint, currentFingerprint, servers, alwaysBuild = false }) {
  if (hasBuild && !alwaysBuild && storedFingerprint === currentFingerprint) return { action: 'reuse' };
  if (servers.length === 0) return { action: 'build' };
  const running = servers.map((server) => `pid ${server.pid}${server.port ? `, port ${server.port}` : ''}`).join('; ');
  return {
    action: 'refuse',
    message:
      `A server started from this checkout is serving its build (${running}), and the build is ${hasBuild ? 'out of date' : 'missing'}. ` +
      'Rebuilding now would replace the files it serves and break its pages. Stop that server (Ctrl+C, or kill the pid), then run this again.',
  };
}

/**
 * Notes that .next now holds a build of the current sources (after a `next build` run elsewhere).
 * @param {string} [dir]
 */
export function recordBuild(dir = process.cwd()) {
  fs.writeFileSync(path.join(dir, '.next', FINGERPRINT_FILE), `${sourceFingerprint(dir)}\n`);
}

/**
 * The refusal for a build with servers of this checkout running, or null when none run.
 * @param {string} [dir]
 * @returns {string | null}
 */
export function refusalWhileServing(dir = process.cwd()) {
  const decision = decideBuild({ hasBuild: true, storedFingerprint: null, currentFingerprint: '', servers: liveServers(dir) });
  return decision.action === 'refuse' ? decision.message : null;
}

/**
 * Makes sure .next holds a build of the current sources: reuses it when current (unless
 * `alwaysBuild`), builds when no server of this checkout runs, and otherwise throws with a
 * message saying which server to stop. Returns what it did.
 * @param {{ dir?: string, env?: NodeJS.ProcessEnv, stdio?: 'inherit' | 'ignore', alwaysBuild?: boolean, log?: (message: string) => void }} [options]
 * @returns {'reused' | 'built'}
 */
export function ensureBuild({ dir = process.cwd(), env = process.env, stdio = 'inherit', alwaysBuild = false, log = console.log } = {}) {
  const next = path.join(dir, '.next');
  const currentFingerprint = sourceFingerprint(dir);
  const fingerprintFile = path.join(next, FINGERPRINT_FILE);
  const decision = decideBuild({
    hasBuild: fs.existsSync(path.join(next, 'BUILD_ID')),
    storedFingerprint: fs.existsSync(fingerprintFile) ? fs.readFileSync(fingerprintFile, 'utf8').trim() : null,
    currentFingerprint,
    servers: liveServers(dir),
    alwaysBuild,
  });
  if (decision.action === 'refuse') throw new Error(decision.message);
  if (decision.action === 'reuse') {
    log('The build in .next is current: reusing it.');
    return 'reused';
  }
  execFileSync('npx', ['next', 'build'], { stdio, env, cwd: dir });
  recordBuild(dir);
  return 'built';
}
