// @ts-check
// Which test files make up the storage suite that npm test runs on PostgreSQL as well:
// every one that takes its database from tests/fixtures/testDb. (demoSnapshot uses one
// too, but only to read the demo catalogue back: its component tests are not about storage.)
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['lib', 'components', 'pages', 'scripts', 'entrypoint'];
const TEST_FILE = /\.test\.tsx?$/;
const TAKES_A_DATABASE = /fixtures\/testDb['"]/;

/**
 * @param {string} dir
 * @param {string[]} found
 * @returns {string[]}
 */
function walk(dir, found) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file, found);
    else if (TEST_FILE.test(entry.name) && TAKES_A_DATABASE.test(fs.readFileSync(file, 'utf8'))) found.push(file);
  }
  return found;
}

export function storageTestFiles(root = process.cwd()) {
  return ROOTS.filter((dir) => fs.existsSync(path.join(root, dir)))
    .flatMap((dir) => walk(path.join(root, dir), []))
    .map((file) => path.relative(root, file))
    .sort();
}
