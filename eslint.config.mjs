// The lines the code keeps, enforced here rather than by care (docs/design.md):
// - browser code never imports lib/server, `import type` included: a type both sides need
//   lives in a shared module outside lib/server;
// - lib/ never imports components/;
// - a module reaches another folder through `@/…`, never `../`, so that a file's imports
//   say where they come from and the rules above can see them.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import i18n from './eslint/noLiteralText.mjs';

const SERVER_SIDE = ['lib/server/**', 'pages/**', 'server/**', 'instrumentation.ts', 'sentry.server.config.ts'];
const TOOLING = ['scripts/**', 'bench/**', 'tests/**', '*.config.{ts,mts}'];
// The sandbox's stand-ins for third parties' own UI: the bank's 3-D Secure page, the
// wallets' approval pages (pages/sandbox/**) and the sheet in place of the phone's Apple or
// Google Pay sheet. The real ones speak their provider's (or the device's) language, not
// the page's; these stay English, as test tools that say plainly they are not the provider.
const SANDBOX_STAND_INS = [
  'components/payment-methods/sandbox/SandboxAuthentication.tsx',
  'components/payment-methods/sandbox/SandboxWalletApproval.tsx',
  'components/payment-methods/express/SandboxExpressSheet.tsx',
];

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

// The hooks rules, on the code that runs in React (components, pages, browser lib): the
// plugin's recommended set, with a missing effect dependency an error like the rest. Two of
// its React Compiler rules are left out, as the code cannot meet them without changing what
// it does:
// - `refs`: a ref written while rendering hands the latest value to code outside React (the
//   tracker's config and consent, Amazon Pay's pay handler), and a prop that holds a ref
//   (the express consent box) reads as one; both are meant;
// - `set-state-in-effect`: state set from what only the browser knows once hydrated (a saved
//   draft, the referrer) or reset when a route, step or quote changes; set while rendering,
//   the server's markup and the first render would differ, or loaders would show at other times.
const HOOKS_LEFT_OUT = ['react-hooks/refs', 'react-hooks/set-state-in-effect'];
const hooksRules = {
  ...reactHooks.configs.flat.recommended.rules,
  'react-hooks/exhaustive-deps': 'error',
  ...Object.fromEntries(HOOKS_LEFT_OUT.map((rule) => [rule, 'off'])),
};

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
  {
    files: ['components/**/*.{ts,tsx}', 'pages/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    ignores: ['lib/server/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: hooksRules,
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
  // Buyer-facing JSX words itself through the message catalogues (docs/i18n.md). The back
  // office, the QA mailbox and the sandbox's stand-in bank pages stay English.
  {
    files: ['components/**/*.tsx', 'pages/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'components/{admin,backoffice,mailbox}/**', 'pages/{admin,api,mailbox,sandbox}/**', ...SANDBOX_STAND_INS],
    plugins: { i18n },
    rules: { 'i18n/no-literal-text': 'error' },
  },
  // Plain-Node scripts cannot use the "@/" alias.
  {
    files: ['**/*.mjs'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
