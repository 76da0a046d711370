import { bodyOf, headerValue, later, removeHeader, setHeader, targetOf, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import type { FuzzContext } from '@/tests/fuzz/routes';

/**
 * Request-line and framing cases, written byte for byte over the socket: "GET *" and
 * "OPTIONS *", absolute-form and authority-form targets, bad HTTP versions, bare LF and CR
 * line endings, header folding, headers without a colon or with NUL, a missing or repeated
 * Host, Content-Length and Transfer-Encoding together or malformed (request smuggling
 * shapes), pipelined requests, and request lines with odd spacing or methods.
 */

type FramingKind =
  | 'cl-te'
  | 'te-cl'
  | 'two-cl'
  | 'two-cl-same'
  | 'te-garbage'
  | 'te-twice'
  | 'te-chunked-identity'
  | 'cl-negative'
  | 'te-space'
  | 'cl-comma'
  | 'te-xchunked'
  | 'te-chunked-uppercase'
  | 'cl-get-smuggled';
const FRAMINGS: readonly FramingKind[] = [
  'cl-te',
  'te-cl',
  'two-cl',
  'two-cl-same',
  'te-garbage',
  'te-twice',
  'te-chunked-identity',
  'cl-negative',
  'te-space',
  'cl-comma',
  'te-xchunked',
  'te-chunked-uppercase',
  'cl-get-smuggled',
];
/** The kinds whose body is sent in chunked coding. */
const CHUNKED_BODY: ReadonlySet<FramingKind> = new Set([
  'cl-te',
  'te-cl',
  'te-twice',
  'te-chunked-identity',
  'te-space',
  'te-xchunked',
  'te-chunked-uppercase',
]);

/** Conflicting or malformed Content-Length and Transfer-Encoding over the draft's final body. */
function frame(draft: Draft, kind: FramingKind): void {
  const body = bodyOf(draft) ?? Buffer.from('{"fuzz":1}');
  draft.framing.contentLength = 'none';
  draft.framing.chunked = false;
  draft.framing.halfClose = true;
  const length = String(body.length);
  const add = (...headers: [string, string][]) => draft.headers.push(...headers);
  if (kind === 'cl-te') add(['Content-Length', length], ['Transfer-Encoding', 'chunked']);
  if (kind === 'te-cl') add(['Transfer-Encoding', 'chunked'], ['Content-Length', '4']);
  if (kind === 'two-cl') add(['Content-Length', length], ['Content-Length', String(body.length + 5)]);
  if (kind === 'two-cl-same') add(['Content-Length', length], ['Content-Length', length]);
  if (kind === 'te-garbage') add(['Transfer-Encoding', 'garbage']);
  if (kind === 'te-twice') add(['Transfer-Encoding', 'chunked'], ['Transfer-Encoding', 'chunked']);
  if (kind === 'te-chunked-identity') add(['Transfer-Encoding', 'chunked, identity']);
  if (kind === 'cl-negative') add(['Content-Length', '-5']);
  if (kind === 'te-space') draft.rawHeaderLines = [...(draft.rawHeaderLines ?? []), 'Transfer-Encoding : chunked'];
  if (kind === 'cl-comma') add(['Content-Length', `${length}, ${length}`]);
  if (kind === 'te-xchunked') add(['Transfer-Encoding', 'xchunked']);
  if (kind === 'te-chunked-uppercase') add(['Transfer-Encoding', 'CHUNKED']);
  if (kind === 'cl-get-smuggled') {
    const smuggled = Buffer.from('GET /api/admin/outbox HTTP/1.1\r\nHost: x\r\n\r\n');
    add(['Content-Length', String(body.length + smuggled.length)]);
    draft.rawBody = Buffer.concat([body, smuggled]);
    return;
  }
  draft.rawBody = CHUNKED_BODY.has(kind)
    ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])
    : body;
}

type RawMutation = (rng: Rng, draft: Draft, ctx: FuzzContext) => string;

const MUTATIONS: readonly (readonly [RawMutation, number])[] = [
  [
    (rng, draft) => {
      draft.method = rng.pick(['GET', 'OPTIONS', 'POST', 'HEAD', 'DELETE']);
      draft.path = rng.pick(['*', '*?x=1', '**', '*/status']);
      draft.query = null;
      return `asterisk:${draft.method} ${draft.path}`;
    },
    3,
  ],
  [
    (rng, draft, ctx) => {
      const target = targetOf(draft);
      const form = rng.pick([
        `http://${ctx.host}${target}`,
        `HTTP://${ctx.host.toUpperCase()}${target}`,
        `https://${ctx.host}${target}`,
        `http://evil.example${target}`,
        `http://evil.example:${ctx.host.split(':')[1]}${target}`,
        `http://${ctx.host}`,
        `http://${ctx.host}?x=1`,
        `http://user:pass@${ctx.host}${target}`,
        `http://${ctx.host}@evil.example${target}`,
        `ftp://${ctx.host}${target}`,
        `http:${target}`,
        `http:/${ctx.host}${target}`,
        `http://[::1${target}`,
        `http://%65vil.example${target}`,
        `//evil.example${target}`,
        `///${target}`,
        `evil.example${target}`,
        `${ctx.host}`,
        `?x=1`,
        '#',
        `javascript:alert(1)`,
      ]);
      draft.path = form;
      draft.query = null;
      return `target-form:${form.slice(0, 40)}`;
    },
    5,
  ],
  [
    (rng, draft) => {
      draft.framing.version = rng.pick([
        'HTTP/2.0',
        'HTTP/1.2',
        'HTTP/0.9',
        'HTTP/1.10',
        'HTTP/1',
        'http/1.1',
        'HTTP/1.1 extra',
        '',
        'HTTP/3.0',
        'HTTP/1.0',
        'HTTP/9.9',
        'HTTPS/1.1',
        'HTTP/1.1\t',
        'HTTP/01.1',
      ]);
      if (draft.framing.version === '') draft.framing.halfClose = true;
      return `version:${JSON.stringify(draft.framing.version)}`;
    },
    4,
  ],
  [
    (rng, draft) => {
      draft.framing.eol = rng.pick(['\n', '\r', '\n\r', '\r\r\n']);
      draft.framing.halfClose = true;
      return `line-ending:${JSON.stringify(draft.framing.eol)}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const fold = rng.pick([
        'X-Folded: a\r\n b',
        'X-Folded: a\r\n\tb',
        'Host: x\r\n y',
        'Content-Type: application/json\r\n ;charset=utf-8',
        'Transfer-Encoding: identity\r\n chunked',
      ]);
      draft.rawHeaderLines = [...(draft.rawHeaderLines ?? []), fold];
      return `header-folding:${fold.split(':')[0]}`;
    },
    2,
  ],
  [
    (rng, draft) => {
      const line = rng.pick([
        'NoColonHere',
        ': empty-name',
        'Host : spaced',
        'X-Nul: a\u0000b',
        'X-Cr: a\rb',
        ' Leading: space',
        'X-Del: \u007f',
        'X-Bin: \u0001\u0002',
        '\u00e9: name',
      ]);
      draft.rawHeaderLines = [...(draft.rawHeaderLines ?? []), line];
      return `bad-header-line:${JSON.stringify(line.slice(0, 12))}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const kind = rng.pick(['missing', 'twice', 'twice-same', 'empty', 'spaces']);
      const host = headerValue(draft, 'Host');
      removeHeader(draft, 'Host');
      if (kind === 'missing') draft.headers.push(['x-fuzz-no-host', '1']);
      if (kind === 'twice') draft.headers.push(['Host', host ?? '127.0.0.1'], ['Host', 'evil.example']);
      if (kind === 'twice-same') draft.headers.push(['Host', host ?? '127.0.0.1'], ['Host', host ?? '127.0.0.1']);
      if (kind === 'empty') draft.headers.push(['Host', '']);
      if (kind === 'spaces') draft.headers.push(['Host', ' 127.0.0.1 \t ']);
      if (kind === 'missing' && rng.chance(0.5)) draft.framing.version = 'HTTP/1.0';
      return `host:${kind}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      if (draft.json === undefined && !draft.rawBody) draft.rawBody = Buffer.from('{"fuzz":1}');
      const kind = rng.pick(FRAMINGS);
      // Framed once the body is final (after the route's invalidation).
      later(draft, () => frame(draft, kind));
      return `framing:${kind}`;
    },
    4,
  ],
  [
    (rng, draft, ctx) => {
      // A second request on the same connection: its answer is read and checked too.
      removeHeader(draft, 'Connection');
      draft.headers.push(['Connection', 'keep-alive']);
      const second = rng.pick([
        { method: 'GET', text: `GET /status HTTP/1.1\r\nHost: ${ctx.host}\r\nConnection: close\r\n\r\n` },
        { method: 'GET', text: `GET * HTTP/1.1\r\nHost: ${ctx.host}\r\nConnection: close\r\n\r\n` },
        {
          method: 'POST',
          text: `POST /api/checkout/quote HTTP/1.1\r\nHost: ${ctx.host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        },
        { method: 'GET', text: 'GARBAGE\r\n\r\n' },
        { method: 'HEAD', text: `HEAD /vogue/demo-single HTTP/1.1\r\nHost: ${ctx.host}\r\nConnection: close\r\n\r\n` },
      ]);
      draft.suffix = Buffer.from(second.text, 'utf8');
      draft.suffixMethods = [second.method];
      return `pipelined:${second.text.split('\r\n')[0]?.slice(0, 30)}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const kind = rng.pick([
        'double-space',
        'tab',
        'leading-crlf',
        'leading-space',
        'lower-method',
        'unknown-method',
        'long-method',
        'no-target',
        'space-in-target',
        'nul-in-target',
        'control-in-target',
        'raw-utf8-target',
      ]);
      if (kind === 'double-space') draft.path = ` ${draft.path} `;
      if (kind === 'tab') draft.method = `${draft.method}\t`;
      if (kind === 'leading-crlf') draft.prefix = Buffer.from('\r\n\r\n');
      if (kind === 'leading-space') draft.prefix = Buffer.from(' ');
      if (kind === 'lower-method') draft.method = draft.method.toLowerCase();
      if (kind === 'unknown-method') draft.method = rng.pick(['FOO', 'BREW', 'GETT', 'G', 'PRI', 'CONNECT']);
      if (kind === 'long-method') draft.method = 'G'.repeat(rng.pick([64, 5000]));
      if (kind === 'no-target') draft.path = '';
      if (kind === 'space-in-target') draft.path = `${draft.path} x`;
      if (kind === 'nul-in-target') draft.path = `${draft.path}\u0000`;
      if (kind === 'control-in-target') draft.path = `${draft.path}\u0001\u007f`;
      if (kind === 'raw-utf8-target') draft.path = `${draft.path}/é😀`;
      if (kind === 'no-target') draft.query = null;
      return `request-line:${kind}`;
    },
    4,
  ],
  [
    (rng, draft) => {
      const kind = rng.pick(['expect-continue', 'expect-continue-no-body', 'upgrade-websocket', 'upgrade-h2c', 'http10-keepalive']);
      if (kind === 'expect-continue') {
        setHeader(draft, 'Expect', '100-continue');
        if (draft.json === undefined && !draft.rawBody) draft.json = { fuzz: 1 };
      }
      if (kind === 'expect-continue-no-body') {
        setHeader(draft, 'Expect', '100-continue');
        draft.framing.contentLength = { value: '10' };
        draft.framing.halfClose = true;
      }
      if (kind === 'upgrade-websocket') {
        removeHeader(draft, 'Connection');
        draft.headers.push(
          ['Connection', 'Upgrade'],
          ['Upgrade', 'websocket'],
          ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
          ['Sec-WebSocket-Version', '13'],
        );
        draft.framing.halfClose = true;
      }
      if (kind === 'upgrade-h2c') {
        removeHeader(draft, 'Connection');
        draft.headers.push(['Connection', 'Upgrade, HTTP2-Settings'], ['Upgrade', 'h2c'], ['HTTP2-Settings', 'AAMAAABkAARAAAAAAAIAAAAA']);
        draft.framing.halfClose = true;
      }
      if (kind === 'http10-keepalive') {
        draft.framing.version = 'HTTP/1.0';
        removeHeader(draft, 'Connection');
        draft.headers.push(['Connection', 'keep-alive']);
      }
      return `protocol:${kind}`;
    },
    2,
  ],
];

export function mutateRaw(rng: Rng, draft: Draft, ctx: FuzzContext): string {
  return `raw:${rng.weighted(MUTATIONS)(rng, draft, ctx)}`;
}
