import { defineConfig, devices } from '@playwright/test';

/** Browser tests run against the production build in Debian's Chromium (no browser download). */
const PORT = Number(process.env.E2E_PORT ?? 3210);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failure's trace keeps each action's DOM snapshot but no screencast: filming every test
    // (JPEG frames for each repaint) cost the 2-core machine CPU on all 219 of them.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // Debian's headless shell: the whole suite took 14.2 min in the full browser, whose
    // headless mode still runs its UI's renderers, and 8.4 min in it (docs/tests.md).
    launchOptions: { executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/status`,
    // Every test's browser is 127.0.0.1, one client to the limit of accepted tracking events
    // (3000 per 10 minutes by default; a run of 91 tests sent about 1,000 events in under two
    // minutes) and to the byte budgets (4 MB per client, 100 MB in all): raised so that the
    // suite, however it grows or repeats, never meets them.
    env: {
      PORT: String(PORT),
      DATABASE_URL: 'file:data/e2e.db',
      NEXT_TELEMETRY_DISABLED: '1',
      PAYMENTS_SANDBOX: '1',
      INGEST_EVENTS_PER_CLIENT: '1000000',
      INGEST_BYTES_PER_CLIENT: '1000000000',
      INGEST_BYTES_TOTAL: '1000000000',
      // Likewise the sign-in links: the suite asks for more than 30 within some 15 minutes.
      SIGN_IN_LINKS_PER_IP: '1000',
      // A campaign scheduled in the studio is published within 2 s of its time, not 10.
      CAMPAIGN_SCHEDULE_INTERVAL_SECONDS: '2',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
