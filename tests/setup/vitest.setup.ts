import { afterAll, afterEach, vi } from 'vitest';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { setFallbackWords, wordsFor } from '@/lib/i18n/words';
import { allCompiledMessages } from '@/lib/server/i18n/compiledMessages';
import { loadAllSubdivisions } from '@/lib/geo/subdivisions';

// A component rendered alone (no page around it to give its words) speaks English, as the
// demo's campaigns do; a test of another language gives its own (components/shell/I18n.tsx).
setFallbackWords(wordsFor('en-US', allCompiledMessages('en'), null));

// As a server does before it checks an address (lib/server/http/apiRoute.ts).
await loadAllSubdivisions();

// The tests drive the embedded sandbox, which runs only when asked for (as npm run demo does).
process.env.PAYMENTS_SANDBOX ??= '1';
// A test that reaches the server context without choosing a database gets an in-memory one,
// never the demo's file in data/.
process.env.DATABASE_URL ??= 'file::memory:';

// Component tests opt into jsdom per file; clean up what they rendered.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});

// Most files share a worker with the files before and after them (vitest.config.mts,
// scripts/testProjects.mjs). This file runs again before each of them: after each file's own
// hooks, give the next file what a worker of its own would (the env and globals as they
// were, real timers, an empty page, no server context, our modules evaluated afresh).
const envAtStart = { ...process.env };
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  restoreEnv(envAtStart);
  await closeLeftServerContext();
  if (typeof document !== 'undefined') emptyPage();
  vi.resetModules();
});

function restoreEnv(was: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in was)) delete process.env[key];
  Object.assign(process.env, was);
}

/** The process's one server context (lib/server/context/serverContext), which a file may leave open. */
async function closeLeftServerContext(): Promise<void> {
  const holder = globalThis as typeof globalThis & { __journeyServerContext?: Promise<ServerContext> };
  const left = holder.__journeyServerContext;
  holder.__journeyServerContext = undefined;
  // A file that served routes on it closed it already (tests/fixtures/routeServerContext): closing again is harmless.
  await left?.then((context) => context.close()).catch(() => undefined);
}

/** The page as jsdom first gives it: no markup, storage or cookies, at its first address. */
function emptyPage(): void {
  // The same head and body, emptied: Testing Library's screen keeps the body it first saw.
  for (const element of [document.documentElement, document.head, document.body])
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  history.replaceState(null, '', 'http://localhost:3000/');
}
