import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.dirname(fileURLToPath(import.meta.url)) } },
  test: {
    include: ['{lib,components,pages,scripts,entrypoint,docs,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    css: { modules: { classNameStrategy: 'non-scoped' } },
    setupFiles: ['./tests/setup/vitest.setup.ts'],
    globalSetup: ['./tests/setup/postgresTemplate.global.ts'],
    pool: 'forks',
    // Vitest keeps a core for its main process, which idles during a run: on CI's two cores that
    // meant one worker. Every core runs tests (measured: the PostgreSQL storage suite 95 s → 57 s).
    maxWorkers: os.availableParallelism(),
  },
});
