import type { Breadcrumb, ErrorEvent, Event } from '@sentry/nextjs';
import { SESSION_COOKIE, SESSION_EXPIRY_COOKIE, SIGN_IN_NONCE_COOKIE } from '@/lib/identity/sessionCookieNames';
import { RECEIPT_COOKIE } from '@/lib/checkout/receiptCookieName';

/**
 * Error reports never carry what a visitor typed or holds (issue 12, SPEC §1/§8): no card
 * number, e-mail address, sign-in token, session cookie value or Stripe `client_secret`
 * reaches an event, a breadcrumb or a replay. Request bodies, cookies and query strings are
 * removed outright; free text (messages, exception values, URLs, breadcrumb data) is
 * pattern-scrubbed, because a value can surface anywhere (an error message quoting a URL, a
 * console.error of a response).
 */

export const REDACTED = '[Filtered]';

/** Cookies whose values are secrets (matched in their `__Host-` form too): the session, its expiry pair, the sign-in nonce, the receipt. */
export const SECRET_COOKIES = [SESSION_COOKIE, SESSION_EXPIRY_COOKIE, SIGN_IN_NONCE_COOKIE, RECEIPT_COOKIE] as const;

/** Query parameters that carry a secret: sign-in link tokens and Stripe's client secrets. */
const SECRET_QUERY_PARAMS = ['token', 'access_token', 'client_secret', 'payment_intent_client_secret', 'setup_intent_client_secret'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Ordered: the client secret before the generic digit runs, so that it goes as a whole. */
const TEXT_PATTERNS: readonly RegExp[] = [
  // Stripe client secrets: pi_…_secret_…, seti_…_secret_…
  /\b(?:pi|seti|pm|src)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g,
  // Secret query parameters, wherever a URL appears in text.
  new RegExp(`([?&;](?:${SECRET_QUERY_PARAMS.map(escape).join('|')})=)[^&#\\s"']*`, 'gi'),
  // Our secret cookies, as `name=value` in a cookie header or document.cookie dump.
  new RegExp(`\\b((?:${SECRET_COOKIES.map(escape).join('|')})=)[^;\\s"']*`, 'g'),
  // E-mail addresses.
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g,
  // Card numbers: 13–19 digits, optionally grouped by spaces or dashes.
  /\b\d(?:[ -]?\d){12,18}\b/g,
];

/** Replaces every sensitive value in a piece of text; other text is left as it is. */
export function scrubText(text: string): string {
  let out = text;
  for (const pattern of TEXT_PATTERNS) {
    out = out.replace(pattern, (_match, prefix?: unknown) => (typeof prefix === 'string' ? `${prefix}${REDACTED}` : REDACTED));
  }
  return out;
}

/** Strips a URL's query string and fragment (sign-in tokens live there), then scrubs the rest. */
export function scrubUrl(url: string): string {
  return scrubText(url.split(/[?#]/)[0] ?? '');
}

/**
 * Scrubs every string inside a JSON-like value (breadcrumb data, extras, contexts, replay
 * frames). What lies deeper than it walks is dropped (`tooDeep: 'drop'`, for error data: a
 * card number nested ten levels down must not leave either), or kept as it is for replay
 * recordings, whose DOM snapshots nest deeper and whose text the replay's own mask covers.
 */
export function scrubDeep<T>(value: T, depth = 0, tooDeep: 'drop' | 'keep' = 'drop'): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return tooDeep === 'drop' ? (REDACTED as T) : value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1, tooDeep)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = /^(url|from|to)$/.test(key) && typeof item === 'string' ? scrubUrl(item) : scrubDeep(item, depth + 1, tooDeep);
  }
  return out as T;
}

/** Breadcrumbs: fetch/xhr/navigation URLs lose their query strings; console messages are scrubbed. */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const out: Breadcrumb = { ...breadcrumb };
  if (out.message) out.message = scrubText(out.message);
  if (out.data) out.data = scrubDeep(out.data);
  return out;
}

function scrubCommon<E extends Event>(event: E): E {
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry?.message) event.logentry.message = scrubText(event.logentry.message);
  if (event.logentry?.params) event.logentry.params = scrubDeep(event.logentry.params);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    // Local variables, where an integration adds them to the frames, may hold a request body.
    for (const frame of exception.stacktrace?.frames ?? []) if (frame.vars) frame.vars = scrubDeep(frame.vars);
  }
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    delete event.request.query_string;
    if (event.request.headers) {
      const {
        cookie: _cookie,
        Cookie: _Cookie,
        authorization: _authorization,
        Authorization: _Authorization,
        ...headers
      } = event.request.headers;
      event.request.headers = scrubDeep(headers);
    }
    if (event.request.url) event.request.url = scrubUrl(event.request.url);
  }
  if (event.transaction) event.transaction = scrubText(event.transaction);
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.extra) event.extra = scrubDeep(event.extra);
  if (event.contexts) event.contexts = scrubDeep(event.contexts);
  if (event.tags) event.tags = scrubDeep(event.tags);
  if (event.user) event.user = { id: event.user.id };
  return event;
}

/** beforeSend: error events leave without visitor data. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  return scrubCommon(event);
}

/** The same scrubbing for transactions and replay events (their URLs and names). */
export function scrubAnyEvent<E extends Event>(event: E): E {
  const out = scrubCommon(event);
  const replay = out as E & { urls?: unknown };
  if (Array.isArray(replay.urls)) replay.urls = replay.urls.map((u) => (typeof u === 'string' ? scrubUrl(u) : u));
  return out;
}

/**
 * Replay text mask (the integration's `maskFn`): keeps the page's text readable and replaces
 * only sensitive values. rrweb hands it the element as a second argument; text of form
 * controls (a textarea's content) is masked entirely, as typed values always are.
 */
export function maskReplayText(text: string, element?: unknown): string {
  const tag =
    typeof element === 'object' && element !== null && 'tagName' in element ? String((element as { tagName: unknown }).tagName) : '';
  if (/^(INPUT|TEXTAREA|SELECT|OPTION)$/i.test(tag)) return text.replace(/\S/g, '*');
  return scrubText(text);
}
