// The lines the code keeps, enforced here rather than by care (docs/design.md):
// - browser code never imports lib/server, `import type` included: a type both sides need
//   lives in a shared module outside lib/server;
// - lib/ never imports components/;
// - a module reaches another folder through `@/…`, never `../`, so that a file's imports
//   say where they come from and the rules above can see them.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const SERVER_SIDE = ['lib/server/**', 'pages/**', 'server/**', 'instrumentation.ts', 'sentry.server.config.ts'];
const TOOLING = ['scripts/**', 'bench/**', 'tests/**', '*.config.{ts,mts}'];

const noParentImports = {
  regex: '^\\.\\./',
  message: 'Import another folder through "@/…", not "../": the boundary rules read these paths.',
};
const noServerImports = {
  regex: '^(@/lib/server|\\./lib/server|\\./server)(/|$)',
  message: 'Browser code must not import lib/server (types included): move what both sides need to a shared module outside lib/server.',
};
const noComponentImports = {
  regex: '^@/components(/|$)',
  message: 'lib/ never imports components/: pass what a function needs as arguments, or move the shared part into lib/.',
};

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default defineConfig(
  {
    ignores: ['node_modules/**', '.next/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', '**/*.d.mts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
      },
    },
    rules: {
      // TypeScript checks names and globals itself (tsc --noEmit runs in npm test).
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Input validation matches control characters on purpose (paths, headers, cookies).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['next.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Browser side: lib/ but lib/server, components/, and the client entry.
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['lib/server/**'],
    rules: restrict(noParentImports, noServerImports, noComponentImports),
  },
  {
    files: ['components/**/*.{ts,tsx}', 'instrumentation-client.ts', 'sentry.client.config.ts'],
    rules: restrict(noParentImports, noServerImports),
  },
  {
    files: ['lib/server/**/*.{ts,tsx}'],
    rules: restrict(noParentImports, noComponentImports),
  },
  {
    files: SERVER_SIDE.filter((glob) => glob !== 'lib/server/**').concat(TOOLING),
    rules: restrict(noParentImports),
  },
  // Tests run in Node and are never bundled for a browser: a component's test may build its
  // props with the server's own loaders. lib/'s tests still keep away from components/.
  {
    files: ['{components,pages,server,scripts}/**/*.test.{ts,tsx}'],
    rules: restrict(noParentImports),
  },
  {
    files: ['lib/**/*.test.{ts,tsx}'],
    rules: restrict(noParentImports, noComponentImports),
  },
  // Plain-Node scripts cannot use the "@/" alias.
  {
    files: ['**/*.mjs'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
