/**
 * A fuzz request before it is sent (Draft), and its bytes on the wire. Everything is kept as
 * text exactly as it will be sent (paths and query items already encoded, or deliberately
 * not), and written byte for byte over a socket, so that nothing in between (Node's http
 * client, URL parsing) can tidy up what the fuzz meant to send.
 */

export interface Framing {
  /** The protocol version of the request line ('HTTP/1.1'; the raw generators send others). */
  version: string;
  /** The line ending ('\r\n'; bare '\n' is one of the raw cases). */
  eol: string;
  /**
   * Content-Length: 'auto' the body's length (none without a body), 'none' left out,
   * 'short' less than sent, 'long' more than sent (the socket is then half-closed, or the
   * server would wait for the rest), or a literal header value.
   */
  contentLength: 'auto' | 'none' | 'short' | 'long' | { value: string };
  /** Chunked transfer coding instead of Content-Length, well-formed or broken. */
  chunked: false | 'ok' | 'bad-size' | 'unterminated' | 'extension' | 'many-small';
  /** End our side of the connection after writing (for requests the server would wait on). */
  halfClose: boolean;
}

export interface Draft {
  method: string;
  /** The path as sent, already encoded (or deliberately badly encoded). */
  path: string;
  /** Query items as sent ("k=v", "k", garbage), joined with "&"; null: no "?" at all. */
  query: string[] | null;
  /** Headers as sent, in order (names and values are not checked: sent as UTF-8). */
  headers: [string, string][];
  /** The structured body, sent as JSON text unless `rawBody` is set; undefined: no body. */
  json?: unknown;
  /** Turns the JSON text into the bytes sent (a byte-order mark, a spliced "__proto__" key…). */
  jsonTransform?: (text: string) => Buffer;
  /** Bytes sent as the body instead of the JSON. */
  rawBody?: Buffer;
  /** Header lines written as they are after the headers (no colon, obs-fold, NUL…). */
  rawHeaderLines?: string[];
  /** Bytes before the request line (empty lines, garbage). */
  prefix?: Buffer;
  /** Bytes after the request (a pipelined second request). */
  suffix?: Buffer;
  /** The methods of further requests in `suffix`, in order, so that their answers can be read. */
  suffixMethods?: string[];
  /**
   * Mutations that work on the body as it will finally be (its bytes, its length), run
   * after the route's invalidation: a body copied before it would escape the invalidation.
   */
  late?: (() => void)[];
  framing: Framing;
}

/** Runs `step` once the draft is final (after the route's invalidation). */
export function later(draft: Draft, step: () => void): void {
  (draft.late ??= []).push(step);
}

/** Runs the late steps, in order. */
export function finish(draft: Draft): void {
  for (const step of draft.late ?? []) step();
  draft.late = [];
}

export const DEFAULT_FRAMING: Framing = { version: 'HTTP/1.1', eol: '\r\n', contentLength: 'auto', chunked: false, halfClose: false };

export function newDraft(method: string, path: string, query: string[] | null = null, headers: [string, string][] = []): Draft {
  return { method, path, query, headers, framing: { ...DEFAULT_FRAMING } };
}

/**
 * The request target as sent: path and query. Query items holding a "#" go last: what
 * follows a "#" is a fragment the server drops, and it must not drop the items a route's
 * invalidation added after them.
 */
export function targetOf(draft: Draft): string {
  if (draft.query === null) return draft.path;
  const items = [...draft.query.filter((item) => !item.includes('#')), ...draft.query.filter((item) => item.includes('#'))];
  return `${draft.path}?${items.join('&')}`;
}

export function headerValue(draft: Draft, name: string): string | undefined {
  return draft.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

/** Sets a header, replacing every header of that name. */
export function setHeader(draft: Draft, name: string, value: string): void {
  removeHeader(draft, name);
  draft.headers.push([name, value]);
}

export function removeHeader(draft: Draft, name: string): void {
  draft.headers = draft.headers.filter(([key]) => key.toLowerCase() !== name.toLowerCase());
}

/** Decodes a query key the way a server would, or returns it as it is when it cannot be decoded. */
export function decodedKey(item: string): string {
  const key = item.split('=')[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/** Replaces every query item whose decoded key is `key` by `key=value` (value sent as given). */
export function setQuery(draft: Draft, key: string, value: string | null): void {
  const rest = (draft.query ?? []).filter((item) => decodedKey(item) !== key);
  draft.query = value === null ? rest : [...rest, `${key}=${value}`];
}

/** The body bytes of a draft (none: null). */
export function bodyOf(draft: Draft): Buffer | null {
  if (draft.rawBody) return draft.rawBody;
  if (draft.json === undefined) return null;
  const text = JSON.stringify(draft.json);
  return draft.jsonTransform ? draft.jsonTransform(text) : Buffer.from(text, 'utf8');
}

function chunkedBody(body: Buffer, mode: Exclude<Framing['chunked'], false>, eol: string): Buffer {
  const parts: Buffer[] = [];
  const push = (text: string) => parts.push(Buffer.from(text, 'latin1'));
  const size = mode === 'many-small' ? 7 : Math.max(1, Math.ceil(body.length / 2));
  for (let offset = 0; offset < body.length; offset += size) {
    const chunk = body.subarray(offset, offset + size);
    const length = mode === 'bad-size' && offset === 0 ? `${chunk.length.toString(16)}zz` : chunk.length.toString(16);
    push(mode === 'extension' ? `${length};ext=${'x'.repeat(600)}${eol}` : `${length}${eol}`);
    parts.push(chunk);
    push(eol);
  }
  if (mode !== 'unterminated') push(`0${eol}${eol}`);
  return Buffer.concat(parts);
}

/**
 * The request's bytes. A Host header is added when the draft has none (unless it holds
 * the marker header "x-fuzz-no-host"), and "Connection: close" when it has no Connection
 * header, so that the server ends the exchange itself.
 */
export function serialize(draft: Draft, defaultHost: string): Buffer {
  const { eol, version } = draft.framing;
  const headers = draft.headers.filter(([name]) => name !== 'x-fuzz-no-host');
  if (!draft.headers.some(([name]) => name.toLowerCase() === 'host' || name === 'x-fuzz-no-host')) headers.unshift(['Host', defaultHost]);
  if (!headers.some(([name]) => name.toLowerCase() === 'connection')) headers.push(['Connection', 'close']);
  let body = bodyOf(draft);
  const { chunked, contentLength } = draft.framing;
  if (body && chunked) {
    headers.push(['Transfer-Encoding', 'chunked']);
    body = chunkedBody(body, chunked, eol);
  } else if (typeof contentLength === 'object') {
    headers.push(['Content-Length', contentLength.value]);
  } else if (body || contentLength !== 'auto') {
    const length = body?.length ?? 0;
    if (contentLength === 'auto') headers.push(['Content-Length', String(length)]);
    if (contentLength === 'short') headers.push(['Content-Length', String(Math.max(0, length - 1 - Math.floor(length / 3)))]);
    if (contentLength === 'long') headers.push(['Content-Length', String(length + 1 + Math.floor(length / 3))]);
  }
  const line = version === '' ? `${draft.method} ${targetOf(draft)}` : `${draft.method} ${targetOf(draft)} ${version}`;
  const headerLines = [...headers.map(([name, value]) => `${name}: ${value}`), ...(draft.rawHeaderLines ?? [])];
  const head = `${line}${eol}${headerLines.map((text) => `${text}${eol}`).join('')}${eol}`;
  const parts = [draft.prefix ?? Buffer.alloc(0), Buffer.from(head, 'utf8'), body ?? Buffer.alloc(0), draft.suffix ?? Buffer.alloc(0)];
  return Buffer.concat(parts);
}
