import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testProjects } from './scripts/testProjects.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const projects = testProjects(root);
const resolve = { alias: { '@': root } };
// Vitest keeps a core for its main process, which idles during a run: on CI's two cores that
// meant one worker. Every core runs tests (measured: the PostgreSQL storage suite 95 s → 57 s).
const maxWorkers = os.availableParallelism();

/**
 * A project of the files scripts/testProjects.mjs puts in it (a file still chooses jsdom with
 * its docblock). Written out whole rather than with `extends: true`, which would add the
 * root's arrays (include, setupFiles, globalSetup) to the project's.
 */
function project(name: keyof typeof projects, isolate: boolean, environment: 'node' | 'jsdom') {
  // An empty include would mean Vitest's default globs: a project with no files matches none.
  const include = projects[name].length ? projects[name] : ['no test files in this project'];
  return {
    resolve,
    test: {
      name,
      include,
      isolate,
      environment,
      css: { modules: { classNameStrategy: 'non-scoped' as const } },
      setupFiles: ['./tests/setup/vitest.setup.ts'],
      pool: 'forks' as const,
      maxWorkers,
    },
  };
}

export default defineConfig({
  resolve,
  test: {
    // Once per run, for every project.
    globalSetup: ['./tests/setup/postgresTemplate.global.ts'],
    maxWorkers,
    // Files that may share a worker do (isolate: false), one after another, the setup file
    // undoing what each leaves behind; the others get a worker each. Which is which, and why:
    // scripts/testProjects.mjs and docs/tests.md.
    projects: [
      project('shared', false, 'node'),
      project('shared-dom', false, 'jsdom'),
      project('isolated', true, 'node'),
      project('isolated-dom', true, 'jsdom'),
    ],
  },
});
