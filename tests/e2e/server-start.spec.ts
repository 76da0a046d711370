import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { freePort } from './ownServer';

/** Starts the suite's build on a port of its own; resolves with how the process ended and what it printed. */
function runServer(env: Record<string, string>, port: number, whenReady?: (base: string) => Promise<void>) {
  const server = spawn('node', ['entrypoint/index.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, DATABASE_URL: 'file::memory:', PAYMENTS_SANDBOX: '1', NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (whenReady && output.includes('Ready on')) void whenReady(`http://127.0.0.1:${port}`).finally(() => server.kill('SIGTERM'));
  });
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => server.on('exit', (code) => resolve({ code, output })));
}

test.describe('the server process', () => {
  test.setTimeout(90_000);

  test('refuses to start with an invalid setting: exits 1 naming it, never "Ready"', async () => {
    const { code, output } = await runServer({ OPERATOR_SECRET_KEY: 'short' }, await freePort());
    expect(code).toBe(1);
    expect(output).toContain('Invalid server configuration: OPERATOR_SECRET_KEY: must be 32 bytes');
    expect(output).not.toContain('Ready on');
  });

  test('stops on SIGTERM once its requests are answered, closing its databases, with exit code 0', async () => {
    let status: number | undefined;
    const { code, output } = await runServer({}, await freePort(), async (base) => {
      // A request that opens the server context (and its databases) before the signal.
      status = (await fetch(`${base}/api/ping`)).status;
    });
    expect(status).toBe(200);
    expect(code).toBe(0);
    expect(output).not.toContain('closing the databases failed');
  });
});
