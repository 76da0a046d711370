import type { Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import { wrongOperatorSession, type FuzzContext } from '@/tests/fuzz/routes';
import { nastyString } from '@/tests/fuzz/values';

/**
 * Cookie mutations: the app's own cookies (lib/: the session and its expiry, the sign-in
 * nonce, the receipt, each campaign's cart, consent, the test-mode switch, the back office's
 * session, and their __Host- forms) with values that are malformed, oversized, duplicated
 * or well-formed but unknown; and Cookie headers that are malformed as a whole or too large. (The checkout draft lives in the tab's session
 * storage, not in a cookie: the server never sees it.)
 */

export const COOKIE_NAMES = (ctx: FuzzContext): string[] => [
  'CN_token_access',
  'CN_token_access_expires',
  'pj_receipt',
  'pj_consent',
  'mt_livemode',
  ...ctx.campaigns.map((c) => `pj_cart_${c.campaignId}`),
  'CN_sign_in_nonce',
  'CN_sign_in_known',
  '__Host-CN_token_access',
  '__Host-CN_sign_in_nonce',
  '__Host-pj_receipt',
  '__Host-pj_consent',
  'pj_cart_',
  'pj_cart_nosuch',
  'PJ_operator',
  '__Host-PJ_operator',
];

function cookieValue(rng: Rng, name: string, ctx: FuzzContext): string {
  const c = rng.pick(ctx.campaigns);
  const specific: Record<string, string[]> = {
    CN_token_access: [rng.hex(64), rng.hex(63), `${rng.hex(64)}.${rng.hex(8)}`, rng.uuid(), 'A'.repeat(43)],
    CN_sign_in_nonce: ['A'.repeat(43), rng.hex(43), rng.hex(44), ''],
    CN_sign_in_known: ['A'.repeat(43), rng.hex(43), rng.hex(42), '%zz'],
    CN_token_access_expires: ['-1', '0', '99999999999999999999', 'NaN', String(Date.now()), '1e400', 'tomorrow'],
    pj_receipt: [
      `txn_${rng.hex(24)}.${rng.uuid()}`,
      `txn_${rng.hex(24)}`,
      `.${rng.uuid()}`,
      `txn_${rng.hex(23)}.${rng.uuid()}`,
      `TXN_${rng.hex(24)}.${rng.uuid()}`,
    ],
    pj_consent: ['{}', '[]', '{"v":1,"choices":{"analytics":true}}', 'granted', '%7B%22a%22%3A1%7D', '{"__proto__":{"polluted":true}}'],
    mt_livemode: ['false', 'FALSE', 'true', '0', '', 'maybe'],
    // Never a real session: a cookie mutation may land on sign-out, which would end it.
    PJ_operator: [wrongOperatorSession(rng, ctx), wrongOperatorSession(rng, ctx), ''],
  };
  const cart = [
    JSON.stringify({ o: c.offers[0] ?? '1001' }),
    JSON.stringify({ o: '999999999' }),
    JSON.stringify({ o: c.offers[0], a: Array.from({ length: 10 }, () => '1001') }),
    JSON.stringify({ o: c.offers[0], p: 'x'.repeat(40), c: 'usa', r: 'toolong' }),
    JSON.stringify({ o: c.offers[0], a: ['1001', '1001'] }),
    encodeURIComponent(JSON.stringify({ o: c.offers[0], a: [], p: 'SAVE20', c: 'US', r: 'CA' })),
    '{"o":"1001","__proto__":{"polluted":true}}',
    '{"o":',
    `{"o":"${'9'.repeat(600)}"}`,
    '%7B%22o%22',
  ];
  const options = name.startsWith('pj_cart_') ? cart : (specific[name.replace(/^__Host-/, '')] ?? []);
  return rng.weighted<() => string>([
    [() => (options.length ? rng.pick(options) : 'x'), 4],
    [
      () =>
        nastyString(rng)
          .slice(0, 500)
          .replace(/[\r\n\u0000;]/g, '_'),
      4,
    ],
    [() => rng.pick(['%zz', '%', '%E0%A4%A', '%00', '%0d%0a', '"quoted"', '"unbalanced', 'a=b=c', ' spaced ', '\t', '\u00e9', '😀']), 3],
    [() => 'x'.repeat(rng.pick([1000, 4096, 5000])), 1],
  ])();
}

type CookieMutation = (rng: Rng, ctx: FuzzContext) => { header: string; label: string };

const MUTATIONS: readonly (readonly [CookieMutation, number])[] = [
  [
    (rng, ctx) => {
      const names = COOKIE_NAMES(ctx);
      const picked = Array.from({ length: rng.int(1, 4) }, () => rng.pick(names));
      return { header: picked.map((name) => `${name}=${cookieValue(rng, name, ctx)}`).join('; '), label: `ours:${picked.join(',')}` };
    },
    8,
  ],
  [
    (rng, ctx) => {
      const name = rng.pick(COOKIE_NAMES(ctx));
      const count = rng.pick([2, 3, 20]);
      return {
        header: Array.from({ length: count }, () => `${name}=${cookieValue(rng, name, ctx)}`).join('; '),
        label: `duplicate:${name}`,
      };
    },
    2,
  ],
  [
    (rng) => {
      const header = rng.pick([
        '=',
        ';',
        ';;;;',
        'novalue',
        '=value',
        'a=1;;b=2',
        'a=1,b=2',
        ' ; ; ',
        'a="b',
        'a=b; =c; d',
        '$Version=1; a=b; $Path=/',
        'a\u00e9=1',
        '__proto__=x; constructor=y',
        'toString=1; hasOwnProperty=2',
      ]);
      return { header, label: `malformed:${header}` };
    },
    3,
  ],
  [
    (rng, ctx) => {
      const count = rng.pick([100, 500, 3000]);
      const names = COOKIE_NAMES(ctx);
      return {
        header: Array.from({ length: count }, (_, i) => `${i % 7 ? `c${i}` : rng.pick(names)}=v${i}`).join('; '),
        label: `many:${count}`,
      };
    },
    1,
  ],
  [
    (rng) => {
      const size = rng.pick([4096, 8000, 15_000, 17_000, 60_000]);
      return { header: `pj_receipt=${'x'.repeat(size)}`, label: `huge:${size}` };
    },
    1,
  ],
];

/** Sets a mutated Cookie header (sometimes two Cookie headers). */
export function mutateCookies(rng: Rng, draft: Draft, ctx: FuzzContext): string {
  const { header, label } = rng.weighted(MUTATIONS)(rng, ctx);
  draft.headers = draft.headers.filter(([name]) => name.toLowerCase() !== 'cookie');
  draft.headers.push(['Cookie', header]);
  if (rng.chance(0.15)) draft.headers.push(['Cookie', rng.weighted(MUTATIONS)(rng, ctx).header]);
  return `cookie:${label.slice(0, 60)}`;
}
