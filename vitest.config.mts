import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.dirname(fileURLToPath(import.meta.url)) } },
  test: {
    include: ['{lib,components,pages,scripts,entrypoint,docs}/**/*.test.{ts,tsx}'],
    environment: 'node',
    css: { modules: { classNameStrategy: 'non-scoped' } },
    setupFiles: ['./tests/setup/vitest.setup.ts'],
    globalSetup: ['./tests/setup/postgresTemplate.global.ts'],
    pool: 'forks',
  },
});
