import { removeHeader, setHeader, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import type { FuzzContext } from '@/tests/fuzz/routes';
import { nastyString } from '@/tests/fuzz/values';

/**
 * Header mutations (cookies have their own module): odd Host headers, Authorization that is
 * wrong in every way, odd Accept / Content-Type / Origin / Referer, X-Forwarded-For and
 * friends full of garbage (the fuzz server trusts one proxy hop, so the header is read),
 * Next's internal headers, conditional and range requests, encodings, Expect, and too many
 * or too large headers.
 */

/** Header values as text that Node's parser accepts (no CR, LF or NUL): those go in the raw cases. */
function headerSafe(text: string): string {
  return text.replace(/[\r\n\u0000]/g, ' ');
}

const HOSTS = (ctx: FuzzContext): string[] => [
  '',
  'evil.example',
  'evil.example:443',
  'localhost',
  'localhost:99999',
  '127.0.0.1:0',
  '[::1]',
  '[::1',
  '::1',
  'a'.repeat(300),
  'host with spaces',
  'ünïcode.example',
  'xn--nicode-2ya.example',
  'x:y:z',
  '..',
  `${ctx.host}@evil.example`,
  `evil.example#${ctx.host}`,
  `${ctx.host}/path`,
  'http://evil.example',
  'epicurious.com',
  'www.epicurious.com',
  'subscribe.epicurious.com:8080',
  ':80',
  '%00',
  '%2e%2e',
  `${ctx.host}.`,
  ctx.host.toUpperCase(),
  `${ctx.host}, evil.example`,
];

function authorization(rng: Rng, ctx: FuzzContext): string {
  return rng.pick([
    'Bearer',
    'Bearer ',
    'Bearer  ',
    // Node trims the trailing space: the real token, on whatever route this lands (write routes stay invalid: routes/).
    `Bearer ${ctx.adminToken} `,
    `Bearer ${ctx.adminToken}x`,
    `Bearer ${ctx.adminToken.slice(0, -1)}`,
    `bearer ${ctx.adminToken.toUpperCase()}`,
    `Bearer ${ctx.adminToken.slice('pjop_'.length)}`,
    `Bearer pjop_${'x'.repeat(rng.pick([1, 43, 196, 1000]))}`,
    `Bearer ${ctx.marketerSession}`,
    `Bearer ${'x'.repeat(rng.pick([15, 16, 1000, 8000]))}`,
    'Basic',
    'Basic !!!',
    'Basic ====',
    `Basic ${Buffer.from('nocolon').toString('base64')}`,
    `Basic ${Buffer.from(`:${'x'.repeat(1000)}`).toString('base64')}`,
    `Basic ${Buffer.from('user:wrong-password').toString('base64')}`,
    // The back office takes no Basic credentials: a real token or session there is refused like any other.
    `Basic ${Buffer.from(`marketing:${ctx.marketerSession}`).toString('base64')}`,
    `Basic ${Buffer.from(`admin:${ctx.adminToken}`).toString('base64')}=====`,
    `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x80]).toString('base64')}`,
    `Basic  \t${Buffer.from(`u:${ctx.adminToken}`).toString('base64')}`,
    'Digest username="a", realm="b", nonce="c", uri="/", response="d"',
    'Negotiate YII=',
    'AWS4-HMAC-SHA256 Credential=x',
    `Bearer ${ctx.adminToken}, Basic eDp5`,
    headerSafe(nastyString(rng).slice(0, 300)),
  ]);
}

function forwardedFor(rng: Rng): string {
  return rng.pick([
    '',
    ' ',
    ',',
    ',,,,',
    'not-an-ip',
    'unknown',
    '999.999.999.999',
    '1.2.3',
    '1.2.3.4.5',
    '01.02.03.04',
    '1.2.3.4:8080',
    '::ffff:1.2.3.4',
    '[2001:db8::1]',
    '2001:db8::1%eth0',
    '2001:db8::1',
    'fe80::1%25lo',
    '::',
    '0.0.0.0',
    '127.0.0.1',
    `${rng.ipv4()}, not-an-ip`,
    `not-an-ip, ${rng.ipv4()}`,
    Array.from({ length: 200 }, () => rng.ipv4()).join(', '),
    'a'.repeat(4000),
    '1.2.3.4\t5.6.7.8',
    '１.２.３.４',
    '<script>',
    headerSafe(nastyString(rng).slice(0, 200)),
  ]);
}

type HeaderMutation = (rng: Rng, draft: Draft, ctx: FuzzContext) => string;

const MUTATIONS: readonly (readonly [HeaderMutation, number])[] = [
  [
    (rng, draft, ctx) => {
      const host = rng.pick(HOSTS(ctx));
      setHeader(draft, 'Host', host);
      return `host:${host.slice(0, 40)}`;
    },
    5,
  ],
  [
    (rng, draft, ctx) => {
      const value = authorization(rng, ctx);
      setHeader(draft, 'Authorization', value);
      return `authorization:${value.slice(0, 30)}`;
    },
    5,
  ],
  [
    (rng, draft) => {
      const value = rng.pick([
        'text/html',
        '*/*',
        'application/json',
        'image/*',
        '',
        'garbage',
        'text/html;q=abc',
        'application/json;q=0, text/html;q=0',
        `${'text/html, '.repeat(400)}*/*`,
        'text/*',
        'application/*+json',
        '\u00e9/\u00e9',
      ]);
      setHeader(draft, 'Accept', value);
      return `accept:${value.slice(0, 30)}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const value = rng.pick([
        'garbage',
        'application/json; charset=utf-16',
        'text/plain',
        'multipart/form-data',
        '',
        'application/json; charset=utf-8; charset=latin1',
        '\u00e9',
      ]);
      setHeader(draft, 'Content-Type', value);
      return `content-type:${value}`;
    },
    2,
  ],
  [
    (rng, draft, ctx) => {
      const value = rng.pick([
        'null',
        'http://evil.example',
        'https://evil.example',
        `http://${ctx.host}`,
        `http://${ctx.host}.evil.example`,
        'garbage',
        '',
        'file://',
        'http://[::1',
        'http://a'.repeat(300),
      ]);
      setHeader(draft, 'Origin', value);
      return `origin:${value.slice(0, 30)}`;
    },
    3,
  ],
  [
    (rng, draft, ctx) => {
      const value = rng.pick([
        'garbage',
        'javascript:alert(1)',
        `http://${ctx.host}/${'a'.repeat(5000)}`,
        'http://evil.example/',
        '',
        '//evil.example',
        `http://${ctx.host}/vogue/demo-single?source=${'x'.repeat(300)}`,
      ]);
      setHeader(draft, 'Referer', value);
      return `referer:${value.slice(0, 30)}`;
    },
    2,
  ],
  [
    (rng, draft) => {
      const value = forwardedFor(rng);
      setHeader(draft, 'X-Forwarded-For', value);
      if (rng.chance(0.3)) draft.headers.push(['X-Forwarded-For', forwardedFor(rng)]);
      return `x-forwarded-for:${value.slice(0, 30)}`;
    },
    5,
  ],
  [
    (rng, draft) => {
      const [name, value] = rng.pick<[string, string]>([
        ['X-Forwarded-Host', 'evil.example'],
        ['X-Forwarded-Host', 'a'.repeat(500)],
        ['X-Forwarded-Proto', 'gopher'],
        ['X-Forwarded-Proto', 'https, http'],
        ['X-Forwarded-Port', '-1'],
        ['Forwarded', 'for=garbage;proto=nope;host="evil.example"'],
        ['X-Real-IP', 'not-an-ip'],
        ['X-Original-URL', '/api/admin/outbox'],
        ['X-Rewrite-URL', '/api/admin/outbox'],
        ['X-HTTP-Method-Override', 'DELETE'],
      ]);
      setHeader(draft, name, value);
      return `proxy-header:${name}`;
    },
    2,
  ],
  [
    (rng, draft) => {
      // Next's own request headers: a client must not be able to steer the server with them.
      const [name, value] = rng.pick<[string, string]>([
        ['x-middleware-subrequest', 'middleware:middleware:middleware:middleware:middleware'],
        ['x-middleware-subrequest', 'pages/_middleware'],
        ['x-nextjs-data', '1'],
        ['x-nextjs-data', 'garbage'],
        ['x-middleware-prefetch', '1'],
        ['x-invoke-path', '/api/admin/outbox'],
        ['x-invoke-query', '%7B%22a%22%3A1%7D'],
        ['x-invoke-output', '/500'],
        ['x-invoke-status', '500'],
        ['x-invoke-error', '{"message":"x"}'],
        ['x-matched-path', '/api/admin/transactions'],
        ['x-now-route-matches', '1=%2Fvogue'],
        ['x-prerender-revalidate', 'garbage'],
        ['x-prerender-revalidate-if-generated', '1'],
        ['next-router-state-tree', '%5B%22garbage'],
        ['next-router-prefetch', '1'],
        ['next-action', 'abc123'],
        ['rsc', '1'],
        ['next-url', '/api/admin/outbox'],
        ['x-nextjs-rewrite', '/api/admin/outbox'],
        ['x-middleware-rewrite', '/api/admin/outbox'],
        ['purpose', 'prefetch'],
        ['x-vercel-id', 'x'],
        ['x-deployment-id', 'x'],
      ]);
      setHeader(draft, name, value);
      return `next-internal:${name}`;
    },
    4,
  ],
  [
    (rng, draft) => {
      const [name, value] = rng.pick<[string, string]>([
        ['If-None-Match', '*'],
        ['If-None-Match', '"garbage"'],
        ['If-None-Match', 'W/"x", *, "y"'],
        ['If-Modified-Since', 'garbage'],
        ['If-Modified-Since', 'Tue, 01 Jan 2999 00:00:00 GMT'],
        ['If-Match', '*'],
        ['If-Range', 'garbage'],
        ['Range', 'bytes=abc'],
        ['Range', 'bytes=999999999-'],
        ['Range', 'bytes=-0'],
        ['Range', 'bytes=5-1'],
        ['Range', `bytes=${Array.from({ length: 300 }, (_, i) => `${i}-${i}`).join(',')}`],
        ['Range', 'items=0-1'],
        ['Range', 'bytes=0-0,-1'],
        ['Cache-Control', 'no-cache, max-age=-1'],
        ['Pragma', 'no-cache'],
      ]);
      setHeader(draft, name, value);
      return `conditional:${name}:${value.slice(0, 20)}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const [name, value] = rng.pick<[string, string]>([
        ['Accept-Encoding', 'gzip;q=2, br;q=-1, *;q=abc'],
        ['Accept-Encoding', 'x'.repeat(3000)],
        ['Content-Encoding', 'gzip'],
        ['Content-Encoding', 'identity'],
        ['Content-Encoding', ''],
        ['Accept-Language', `${'en-US,'.repeat(500)}*`],
        ['Accept-Language', '*;q=garbage'],
        ['Accept-Charset', 'utf-7'],
        ['TE', 'trailers, deflate'],
        ['Expect', '100-continue'],
        ['Expect', 'garbage'],
        ['Upgrade', 'h2c'],
        ['Upgrade', 'websocket'],
        ['Connection', 'keep-alive, Upgrade, close'],
        ['Connection', 'close, x-fuzz'],
        ['Keep-Alive', 'timeout=-1, max=abc'],
        ['Max-Forwards', '-1'],
        ['Via', 'garbage'],
        ['User-Agent', ''],
        ['User-Agent', 'x'.repeat(8000)],
        ['User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
        ['DNT', 'garbage'],
        ['Sec-Fetch-Site', 'cross-site'],
        ['Sec-Fetch-Mode', 'navigate'],
        ['livemode', rng.pick(['maybe', 'TRUE', '', 'false, true'])],
        ['Stripe-Signature', rng.pick(['', 't=,v1=', 't=abc,v1=zz', `t=1,v1=${'a'.repeat(5000)}`, 'garbage'])],
        ['paypal-cert-url', rng.pick(['http://127.0.0.1:1/cert.pem', 'file:///etc/passwd', 'https://evil.example/cert.pem', 'garbage'])],
        ['paypal-transmission-time', 'garbage'],
        ['x-amz-sns-message-type', 'SubscriptionConfirmation'],
      ]);
      if (name === 'Connection') removeHeader(draft, 'Connection');
      setHeader(draft, name, value);
      // "Connection" was set: keep the exchange to one request all the same.
      if (name === 'Connection' && !value.includes('close')) draft.headers.push(['Connection', 'close']);
      return `misc:${name}:${value.slice(0, 20)}`;
    },
    5,
  ],
  [
    (rng, draft) => {
      const count = rng.pick([50, 120, 1000, 2100]);
      for (let i = 0; i < count; i++) draft.headers.push([`X-Fuzz-${i}`, 'x'.repeat(rng.pick([1, 10]))]);
      return `many-headers:${count}`;
    },
    1,
  ],
  [
    (rng, draft) => {
      const size = rng.pick([8000, 16_000, 16_500, 40_000, 100_000]);
      draft.headers.push([rng.pick(['X-Large', 'Referer', 'User-Agent', 'Authorization']), 'x'.repeat(size)]);
      return `large-header:${size}`;
    },
    1,
  ],
  [
    (rng, draft) => {
      const name = rng.pick(['X-\u00e9', 'X Fuzz', 'X(A)', 'X:A', '', ' X', 'X\t', 'Content-Length ', 'x'.repeat(5000)]);
      draft.headers.push([name, '1']);
      return `bad-name:${JSON.stringify(name.slice(0, 12))}`;
    },
    1,
  ],
  [
    (rng, draft) => {
      const name = rng.pick(['Host', 'Content-Type', 'Authorization', 'Origin', 'Accept', 'Content-Length']);
      const existing = draft.headers.find(([key]) => key.toLowerCase() === name.toLowerCase());
      draft.headers.push([name, existing && rng.chance(0.5) ? existing[1] : rng.pick(['x', 'evil.example', 'text/plain', '0', '5'])]);
      // A length the body may not have: end our side, as the raw framing mutations do, so that
      // the server reads the end of the stream rather than waiting out its request timeout.
      if (name === 'Content-Length') draft.framing.halfClose = true;
      return `duplicate:${name}`;
    },
    2,
  ],
  [
    (rng, draft) => {
      const value = rng.pick(['\u00e9\u00e8', '😀', '\u202e', 'caf\u00e9', '\u0080\u00ff', '\ufeff']);
      draft.headers.push([rng.pick(['X-Unicode', 'User-Agent', 'Referer', 'Accept-Language', 'Origin']), value]);
      return 'unicode-value';
    },
    2,
  ],
];

export function mutateHeaders(rng: Rng, draft: Draft, ctx: FuzzContext): string {
  return rng.weighted(MUTATIONS)(rng, draft, ctx);
}
