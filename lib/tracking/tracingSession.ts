/**
 * The tracing session id (SPEC §4 Tracing): created once per browser tab in session
 * storage and the same for every page after. Without storage (blocked by the browser, or
 * not allowed because the visitor has not consented to storage) the id lives only as long
 * as this page view, so nothing about the visitor is kept.
 */

/** The session-storage key of the id. */
export const TRACING_SESSION_KEY = 'pj_tracing_session_id';

type SessionIdStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts (https, localhost),
 * so a page served over plain http on a LAN falls back to `getRandomValues`.
 */
export function randomId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let pageViewId: string | null = null;

/** The id of this page view: made on first use, gone with the page. */
export function pageViewSessionId(): string {
  pageViewId ??= randomId();
  return pageViewId;
}

/** A new page-view id: after consent is withdrawn, nothing sent later links to what was sent with it. */
export function resetPageViewSessionId(): void {
  pageViewId = null;
}

const plausibleId = (value: string | null): value is string => typeof value === 'string' && /^[\w-]{8,64}$/.test(value);

/**
 * The tab's tracing session id from `storage` (pass `window.sessionStorage` when storing is
 * allowed, `null` when it is not). A storage that throws (blocked, full) counts as none.
 */
export function tracingSessionId(storage: SessionIdStorage | null, newId: () => string = randomId): string {
  if (!storage) return pageViewSessionId();
  try {
    const stored = storage.getItem(TRACING_SESSION_KEY);
    if (plausibleId(stored)) return stored;
    const id = newId();
    storage.setItem(TRACING_SESSION_KEY, id);
    return id;
  } catch {
    return pageViewSessionId();
  }
}
