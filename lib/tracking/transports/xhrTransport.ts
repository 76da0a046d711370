import type { Transport } from './transport';

/** What the transport needs of an XMLHttpRequest; a real one in the browser. */
export type XhrLike = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'status' | 'withCredentials' | 'onload' | 'onerror' | 'ontimeout' | 'onabort'
>;

/**
 * A JSON POST with the visitor's cookies (`withCredentials`), for payloads too large for a
 * pixel's URL when the beacon is unavailable or refused. Resolves `true` on a 2xx answer,
 * `false` on any other status, a network error, a timeout or an abort.
 */
export function createXhrTransport(
  createXhr: (() => XhrLike) | null = typeof XMLHttpRequest === 'undefined' ? null : () => new XMLHttpRequest(),
): Transport {
  return {
    kind: 'xhr',
    send(url, body) {
      if (!createXhr) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        try {
          const xhr = createXhr();
          xhr.open('POST', url, true);
          xhr.withCredentials = true;
          xhr.setRequestHeader('Content-Type', 'application/json');
          xhr.onload = () => resolve(xhr.status >= 200 && xhr.status < 300);
          xhr.onerror = () => resolve(false);
          xhr.ontimeout = () => resolve(false);
          xhr.onabort = () => resolve(false);
          xhr.send(body);
        } catch (error) {
          // open() throws on a malformed URL, send() on a closed document.
          console.warn('XHR request failed to start:', error);
          resolve(false);
        }
      });
    },
  };
}
