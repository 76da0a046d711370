import type { Transport } from './transport';

type BeaconNavigator = Pick<Navigator, 'sendBeacon'>;

/**
 * `navigator.sendBeacon` with the body as a plain string. A string goes as
 * `text/plain;charset=UTF-8`, a CORS-safelisted type, so a cross-origin collector needs no
 * preflight (which a beacon cannot make); the receiving endpoint parses it as JSON whatever
 * the content type. Resolves `false` when the browser has no beacon or refuses the payload
 * (it does so over its in-flight quota, about 64 KiB), so the caller can fall back.
 */
export function createBeaconTransport(
  getNavigator: () => BeaconNavigator | undefined = () => (typeof navigator === 'undefined' ? undefined : navigator),
): Transport {
  return {
    kind: 'beacon',
    send(url, body) {
      try {
        const nav = getNavigator();
        if (typeof nav?.sendBeacon !== 'function') return Promise.resolve(false);
        return Promise.resolve(nav.sendBeacon(url, body) === true);
      } catch (error) {
        // Some browsers throw instead of refusing (e.g. a URL they will not beacon to).
        console.warn('Beacon refused:', error);
        return Promise.resolve(false);
      }
    },
  };
}
