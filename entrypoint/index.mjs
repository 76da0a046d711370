// @ts-check
// The production server (npm start, npm run demo, the browser tests): Next behind the
// request guard, which refuses request lines that would cost Next time or confuse it.
// Usage: node entrypoint/index.mjs [-p PORT] [-H ADDRESS]; PORT and LISTEN_HOST in the environment
// also work. It listens on 0.0.0.0, or on 127.0.0.1 behind a proxy (listenAddress.mjs).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerServer } from './buildGuard.mjs';
import { listenHost } from './listenAddress.mjs';
import { answerClientError, refuseUpgrade, withRequestGuard } from './requestGuard.mjs';
import { strictTransportSecurity } from './strictTransport.mjs';

/** @type {Record<string, string | undefined>} */ (process.env).NODE_ENV ??= 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

/**
 * @param {string} short
 * @param {string} long
 */
function option(short, long) {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => arg === short || arg === long);
  return index === -1 ? undefined : args[index + 1];
}

const port = Number(option('-p', '--port') ?? process.env.PORT ?? 3000);
/** @type {string} */
let hostname;
try {
  hostname = listenHost(option('-H', '--hostname'), process.env);
} catch (error) {
  console.error(`[server] ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
const dir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const { default: next } = await import('next');
const app = next({ dev: false, dir, hostname, port });
await app.prepare();

const handle = withRequestGuard(app.getRequestHandler());
const hsts = strictTransportSecurity(process.env.PUBLIC_ORIGIN);
const server = http.createServer(
  // Bounded waits for a slow client's headers and body (Node's defaults are longer).
  { headersTimeout: 20_000, requestTimeout: 60_000 },
  (req, res) => {
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
    return handle(req, res);
  },
);
// Registered before Next can add its own (it would hold unrouted upgrades open without an answer).
server.on('upgrade', refuseUpgrade);
server.on('clientError', answerClientError);
// While it runs, builds from this checkout reuse .next or refuse to replace it (entrypoint/buildGuard.mjs).
const unregister = registerServer(dir, port);
process.on('exit', unregister);
const shown = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname;
server.listen(port, hostname, () => console.log(`Ready on http://${shown}:${port}`));

/** The process's server context, if a request made one (lib/server/context/serverContext.ts keeps it there). */
async function closeServerContext() {
  try {
    const held = /** @type {{ __journeyServerContext?: Promise<{ close(): Promise<void> }> }} */ (globalThis);
    await (await held.__journeyServerContext)?.close();
  } catch (error) {
    console.error('[server] closing the databases failed:', error);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // Once the last request is answered: queued tracking rows written, pools closed cleanly.
    server.close(() => void closeServerContext().finally(() => process.exit(0)));
    // Keep-alive connections would hold close() open: give in-flight requests a moment, then go.
    setTimeout(() => process.exit(0), 5_000).unref();
    server.closeIdleConnections();
  });
}
