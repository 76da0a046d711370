import { afterEach } from 'vitest';

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
