import type { FunnelItem } from './events';
import { createBeaconTransport } from './transports/beaconTransport';
import { createPixelTransport } from './transports/pixelTransport';
import { appendQuery, type Transport } from './transports/transport';
import { createXhrTransport } from './transports/xhrTransport';

/**
 * The client of `POST /martech/api/funnel` (SPEC §7): items emitted in the same tick go
 * as one request, whatever is waiting leaves when the page is hidden or closed, and no
 * failure ever reaches the caller (it is logged with console.warn).
 */

/** A pixel carries the JSON in its URL only below this many characters (SPEC §9). */
export const FUNNEL_GET_PAYLOAD_LIMIT = 1500;
/** The most items the funnel endpoint takes in one request. */
export const FUNNEL_MAX_ITEMS = 100;

export type FunnelRoute = 'beacon' | 'pixel' | 'xhr';

/**
 * How one request travels (SPEC §7, §9): the beacon, which is made to survive unload,
 * whenever the browser has it and takes the payload; otherwise an image GET for a JSON
 * payload under 1500 characters, and an XHR POST with credentials for anything longer.
 */
export function chooseFunnelRoute(payloadLength: number, beaconAccepted: boolean): FunnelRoute {
  if (beaconAccepted) return 'beacon';
  return payloadLength < FUNNEL_GET_PAYLOAD_LIMIT ? 'pixel' : 'xhr';
}

/** `url?api_key=…` (+ `&livemode=false` in test mode), appended to any query the URL already has. */
export function funnelRequestUrl(url: string, apiKey: string, livemode: boolean): string {
  return appendQuery(url, `api_key=${encodeURIComponent(apiKey)}${livemode ? '' : '&livemode=false'}`);
}

/**
 * The request body: a JSON array of items. Each item is serialized on its own so that one
 * that cannot be (a cycle, a BigInt) is logged and left out instead of losing the batch.
 */
export function funnelBody(items: readonly FunnelItem[]): { body: string; count: number } {
  const parts: string[] = [];
  for (const item of items) {
    try {
      parts.push(JSON.stringify(item));
    } catch (error) {
      console.warn(`Funnel item "${String(item.action)}" cannot be serialized and is dropped:`, error);
    }
  }
  return { body: `[${parts.join(',')}]`, count: parts.length };
}

export interface FunnelClientOptions {
  url: string;
  apiKey: string;
  livemode: boolean;
  /** Replaces any of the browser transports (tests pass in-memory ones). */
  transports?: Partial<Record<FunnelRoute, Transport>>;
  /** Whose `pagehide` and `visibilitychange` flush the waiting items; the global window by default, null for none. */
  win?: Window | null;
}

export interface FunnelClient {
  /** Queues items for the request that leaves at the end of this tick. Never throws. */
  send(items: FunnelItem | readonly FunnelItem[]): void;
  /** Sends what is waiting now; resolves when the request has settled. Never rejects. */
  flush(): Promise<void>;
  /** Sends what is waiting and stops listening to the page's lifecycle. */
  stop(): Promise<void>;
}

export function createFunnelClient(options: FunnelClientOptions): FunnelClient {
  const requestUrl = funnelRequestUrl(options.url, options.apiKey, options.livemode);
  const transports: Record<FunnelRoute, Transport> = {
    beacon: options.transports?.beacon ?? createBeaconTransport(),
    pixel: options.transports?.pixel ?? createPixelTransport(),
    xhr: options.transports?.xhr ?? createXhrTransport(),
  };
  const win = options.win === undefined ? (typeof window === 'undefined' ? null : window) : options.win;

  let waiting: FunnelItem[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function deliver(items: readonly FunnelItem[]): Promise<void> {
    try {
      const { body, count } = funnelBody(items);
      if (count === 0) return;
      // The beacon is tried first and synchronously, so an unload flush leaves in time.
      const beaconAccepted = await transports.beacon.send(requestUrl, body);
      const route = chooseFunnelRoute(body.length, beaconAccepted);
      if (route === 'beacon') return;
      if (!(await transports[route].send(requestUrl, body))) {
        console.warn(`Funnel request of ${count} item(s) failed (beacon unavailable or refused, then ${route}).`);
      }
    } catch (error) {
      console.warn('Funnel request failed:', error);
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (waiting.length === 0) return Promise.resolve();
    const items = waiting;
    waiting = [];
    // The endpoint takes at most 100 items a request: a long burst leaves as several.
    const requests: Promise<void>[] = [];
    for (let start = 0; start < items.length; start += FUNNEL_MAX_ITEMS)
      requests.push(deliver(items.slice(start, start + FUNNEL_MAX_ITEMS)));
    return Promise.all(requests).then(() => undefined);
  }

  const onPageHide = () => void flush();
  const onVisibilityChange = () => {
    if (win?.document.visibilityState === 'hidden') void flush();
  };
  win?.addEventListener('pagehide', onPageHide);
  win?.document.addEventListener('visibilitychange', onVisibilityChange);

  return {
    send(items) {
      try {
        const list: readonly FunnelItem[] = Array.isArray(items) ? (items as readonly FunnelItem[]) : [items as FunnelItem];
        if (list.length === 0) return;
        waiting.push(...list);
        // setTimeout 0, not a microtask: everything emitted in this task, awaits included, shares one request.
        timer ??= setTimeout(() => void flush(), 0);
      } catch (error) {
        console.warn('Funnel items could not be queued:', error);
      }
    },
    flush,
    stop() {
      win?.removeEventListener('pagehide', onPageHide);
      win?.document.removeEventListener('visibilitychange', onVisibilityChange);
      return flush();
    },
  };
}
