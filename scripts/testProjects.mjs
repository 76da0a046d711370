// @ts-check
// Which Vitest project each test file runs in (vitest.config.mts). Most share their worker
// (isolate: false): Node's modules (Next, React, jsdom's window, the database drivers) load
// once per worker instead of once per file, which was most of the suite's time. The setup
// file (tests/setup/vitest.setup.ts) gives each shared file what isolation gave it: our own
// modules evaluated afresh, the env, stubbed globals, real timers, an empty page and no
// server context left over. What it cannot undo sends a file to an isolated project, by the
// rule in isolationReason; docs/tests.md says more.
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['lib', 'components', 'pages', 'scripts', 'entrypoint', 'docs', 'bench', 'eslint'];
const TEST_FILE = /\.test\.tsx?$/;
/** A file's own reason for a worker of its own, when the patterns below do not see it: `// vitest-isolate: why`. */
const MARKER = /^\/\/ vitest-isolate: *(.*)$/m;
/** Module mocks live in the worker's module registry, which a shared file cannot give back. */
const MOCKS_MODULES = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|hoisted)\s*\(/;
const USES_DOM = /@vitest-environment jsdom\b/;

/**
 * Why a test file needs a worker of its own, read from its source; null when it may share one.
 * @param {string} source
 * @returns {string | null}
 */
export function isolationReason(source) {
  const marker = MARKER.exec(source);
  if (marker) {
    const why = (marker[1] ?? '').trim();
    if (!why) throw new Error('a "// vitest-isolate:" comment says why the file cannot share a worker');
    return why;
  }
  if (MOCKS_MODULES.test(source)) return 'mocks modules (vi.mock): the mock would stay in the shared module registry for later files';
  return null;
}

/**
 * @param {string} source
 * @returns {boolean}
 */
export function usesDom(source) {
  return USES_DOM.test(source);
}

/**
 * @param {string} dir
 * @param {string[]} found
 * @returns {string[]}
 */
function walk(dir, found) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') walk(file, found);
    } else if (TEST_FILE.test(entry.name)) found.push(file);
  }
  return found;
}

/**
 * Every test file (relative to root), in the project it runs in: `shared` and `shared-dom`
 * (jsdom) share their workers, `isolated` and `isolated-dom` give each file its own.
 * @param {string} [root]
 * @returns {{ shared: string[], 'shared-dom': string[], isolated: string[], 'isolated-dom': string[] }}
 */
export function testProjects(root = process.cwd()) {
  /** @type {ReturnType<typeof testProjects>} */
  const projects = { shared: [], 'shared-dom': [], isolated: [], 'isolated-dom': [] };
  const files = ROOTS.filter((dir) => fs.existsSync(path.join(root, dir)))
    .flatMap((dir) => walk(path.join(root, dir), []))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const dom = usesDom(source);
    if (isolationReason(source)) projects[dom ? 'isolated-dom' : 'isolated'].push(file);
    else projects[dom ? 'shared-dom' : 'shared'].push(file);
  }
  return projects;
}
