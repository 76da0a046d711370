// @ts-check
// Where npm start listens. Behind a proxy (TRUSTED_PROXIES set) the app is reached through
// it, so by default only loopback is served: a port open to everyone would let anyone
// reach the app around the proxy (their X-Forwarded-For is ignored, but the proxy's cache
// and limits would be skipped too).
import net from 'node:net';

/**
 * The interface to listen on: the -H flag, else LISTEN_HOST, else 127.0.0.1 when
 * TRUSTED_PROXIES is set, else 0.0.0.0. HOSTNAME is not read: it is often the machine's
 * name in the environment. Throws when the choice is not an IP address.
 * @param {string | undefined} flag
 * @param {Record<string, string | undefined>} env
 * @returns {string}
 */
export function listenHost(flag, env) {
  const chosen = flag || env.LISTEN_HOST || (env.TRUSTED_PROXIES?.trim() ? '127.0.0.1' : '0.0.0.0');
  if (!net.isIP(chosen)) {
    throw new Error(`${flag ? '-H' : 'LISTEN_HOST'} must be an IP address such as 127.0.0.1 or 0.0.0.0 (got "${chosen.slice(0, 60)}")`);
  }
  return chosen;
}
