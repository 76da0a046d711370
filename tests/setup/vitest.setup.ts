import { afterEach } from 'vitest';

// Component tests opt into jsdom per file; clean up what they rendered.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
