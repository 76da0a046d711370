// @ts-check
// npm test: installs what is missing (packages, Debian's Chromium and PostgreSQL),
// type-checks, lints, checks the formatting and the lockfile against the advisories kept in
// data/advisories.json, runs the unit and component tests, runs the storage suite again on a
// throw-away PostgreSQL server while it builds the app, runs the browser tests against the build,
// then the fuzz test (tests/fuzz: malformed requests against a server of its own, after the
// browser tests so that neither slows the other on a small machine), then the proofs
// (tests/proofs: duplicate submits, a killed server, 60 s of sustained load, two instances,
// a killed renewal run and 10,000 renewals on two instances, on servers of their own).
// Ends with one line "Tests: N passed, N failed" counting them all.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { recordBuild, refusalWhileServing } from '../entrypoint/buildGuard.mjs';
import { ensureSetup } from './ensure-setup.mjs';
import { startPostgres } from './postgresServer.mjs';
import { storageTestFiles } from './storageTests.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

/**
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 */
function step(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`[${title}: ${seconds(started)} s]`);
  return result.status === 0;
}

/**
 * Steps that do not depend on each other, run side by side (each leaves a core idle part of
 * the time), their output printed in order once all have ended. Resolves with the titles
 * that failed.
 * @param {Array<[string, string, string[], Record<string, string>?]>} checks title, command, arguments, extra environment
 * @returns {Promise<string[]>}
 */
async function parallelChecks(checks) {
  const started = Date.now();
  const runs = checks.map(
    ([title, command, args, extraEnv]) =>
      /** @type {Promise<{ title: string, output: string, ok: boolean }>} */ (
        new Promise((resolve) => {
          const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => resolve({ title, output: output + String(error), ok: false }));
          child.on('close', (code) => resolve({ title, output, ok: code === 0 }));
        })
      ),
  );
  const results = await Promise.all(runs);
  for (const { title, output } of results) {
    console.log(`\n=== ${title} ===`);
    process.stdout.write(output);
  }
  console.log(`[${checks.map(([title]) => title).join(', ')}: ${seconds(started)} s together]`);
  return results.filter((result) => !result.ok).map((result) => result.title);
}

/** @param {number} since */
function seconds(since) {
  return Math.round((Date.now() - since) / 1000);
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

try {
  ensureSetup({ browser: true, postgres: true });
} catch (error) {
  console.error(`[setup] ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}

fs.rmSync('test-results/vitest.json', { force: true });
fs.rmSync('test-results/vitest-postgres.json', { force: true });
fs.rmSync('test-results/playwright.json', { force: true });
fs.rmSync('test-results/fuzz.json', { force: true });
fs.rmSync('test-results/proofs.json', { force: true });

const failures = [];
const checkFailures = await parallelChecks([
  ['Type check', 'npx', ['tsc', '--noEmit']],
  ['Lint (the browser/server line, imports)', 'npx', ['eslint', '.']],
  ['Formatting (Prettier)', 'npx', ['prettier', '--check', '.']],
  ['Dependency advisories (package-lock.json against data/advisories.json)', 'node', ['scripts/advisories.mjs']],
]);
failures.push(...checkFailures);
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'];
if (!step('Unit and component tests', 'npx', vitestArgs)) failures.push('unit tests');

// The same storage suite on PostgreSQL (every test file that takes a database from
// tests/fixtures/testDb gets one on a throw-away server instead of in-memory SQLite), side by
// side with the production build: neither needs the other.
let postgres = null;
/** @type {Array<[string, string, string[], Record<string, string>?]>} */
const sideBySide = [];
const storageTitle = 'Storage tests on PostgreSQL';
try {
  console.log('\n=== Storage tests on PostgreSQL ===');
  postgres = await startPostgres();
  console.log(`[postgres] throw-away server at ${postgres.url}`);
  const files = storageTestFiles();
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-postgres.json', ...files];
  sideBySide.push([`${storageTitle} (${files.length} files)`, 'npx', args, { TEST_POSTGRES_URL: postgres.url }]);
} catch (error) {
  console.error(`[postgres] ${/** @type {Error} */ (error).message}`);
  failures.push('storage tests on PostgreSQL');
}
const stopPostgres = () => postgres?.stop();
process.on('SIGINT', () => Promise.resolve(stopPostgres()).then(() => process.exit(130)));
// Always a fresh build (it type-checks the tests too), but never under a running server.
const refusal = refusalWhileServing();
if (refusal) console.error(`\n=== Production build ===\n${refusal}`);
// The type check above already read every file the build would check again.
else sideBySide.push(['Production build', 'npx', ['next', 'build'], { BUILD_TYPES_CHECKED: '1' }]);
const sideBySideFailures = await parallelChecks(sideBySide);
if (sideBySideFailures.some((title) => title.startsWith(storageTitle))) failures.push('storage tests on PostgreSQL');
if (!refusal && !sideBySideFailures.includes('Production build')) {
  recordBuild();
  if (!step('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'])) failures.push('browser tests');
  if (!step('Fuzz test (malformed requests)', 'npx', ['tsx', 'tests/fuzz/run.ts'])) failures.push('fuzz test');
  if (
    !step(
      'Proofs (duplicate submits, a killed server, sustained load, two instances, renewals)',
      'npx',
      ['tsx', 'tests/proofs/run.ts'],
      postgres ? { TEST_POSTGRES_URL: postgres.url } : {},
    )
  )
    failures.push('proofs');
} else {
  failures.push('build');
}

await stopPostgres();

const vitest = readJson('test-results/vitest.json');
const vitestPostgres = readJson('test-results/vitest-postgres.json');
const playwright = readJson('test-results/playwright.json');
const fuzz = readJson('test-results/fuzz.json');
const proofs = readJson('test-results/proofs.json');
const passed =
  (vitest?.numPassedTests ?? 0) +
  (vitestPostgres?.numPassedTests ?? 0) +
  (playwright?.stats?.expected ?? 0) +
  (playwright?.stats?.flaky ?? 0) +
  (fuzz?.passed ?? 0) +
  (proofs?.passed ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) +
  (vitestPostgres?.numFailedTests ?? 0) +
  (playwright?.stats?.unexpected ?? 0) +
  (fuzz?.failed ?? 0) +
  (proofs?.failed ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (vitestPostgres?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);

console.log('');
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length || failed ? 1 : 0);
