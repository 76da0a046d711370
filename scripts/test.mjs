// npm test: installs what is missing (packages, Debian's Chromium), type-checks, runs the
// unit and component tests, builds the app and runs the browser tests against the build.
// Ends with one line "Tests: N passed, N failed" counting both suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureSetup } from './ensure-setup.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

function step(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

try {
  ensureSetup({ browser: true });
} catch (error) {
  console.error(`[setup] ${error.message}`);
  process.exit(1);
}

fs.rmSync('test-results/vitest.json', { force: true });
fs.rmSync('test-results/playwright.json', { force: true });

const failures = [];
if (!step('Type check', 'npx', ['tsc', '--noEmit'])) failures.push('type check');
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'];
if (!step('Unit and component tests', 'npx', vitestArgs)) failures.push('unit tests');
if (step('Production build', 'npx', ['next', 'build'])) {
  if (!step('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'])) failures.push('browser tests');
} else {
  failures.push('build');
}

const vitest = readJson('test-results/vitest.json');
const playwright = readJson('test-results/playwright.json');
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

console.log('');
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length || failed ? 1 : 0);
