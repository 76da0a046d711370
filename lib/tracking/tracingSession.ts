/**
 * The tracing session id (SPEC §4 Tracing): created once per browser tab in session
 * storage and the same for every page after. Without storage (blocked by the browser, or
 * not allowed because the visitor has not consented to storage) the id lives only as long
 * as this page view, so nothing about the visitor is kept.
 */
import { sessionStorageOrNull, writeSession } from '@/lib/browser/sessionStore';

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

const plausibleId = (value: string | null): value is string => typeof value === 'string' && /^[\w-]{8,64}$/.test(value);

/**
 * Continues the page view of a purchase that left for the bank or a wallet and came back
 * in a new page: the server kept the id its events carried with the order (never the
 * browser), so an anonymous visit still reads as one visitor in the funnel. The order's
 * purchase event carries the same id anyway, so this links nothing new.
 */
export function continuePageView(id: string): void {
  if (plausibleId(id)) pageViewId = id;
}

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

let tabId: string | null = null;

/**
 * The tab's tracing session id, for events sent with consent to store it: read from (or
 * written to) session storage on first use, then kept for the page, so that events do not
 * each read storage. It starts as this page view's id, so the visit reads as one.
 */
export function storedTracingSessionId(): string {
  tabId ??= tracingSessionId(sessionStorageOrNull(), pageViewSessionId);
  return tabId;
}

/** Consent withdrawn: the stored id goes, and later events carry a new page-view id that links to nothing sent before. */
export function forgetTracingSession(): void {
  writeSession(TRACING_SESSION_KEY, null);
  tabId = null;
  pageViewId = null;
}
