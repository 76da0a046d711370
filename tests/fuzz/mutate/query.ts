import { setQuery, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import type { Route } from '@/tests/fuzz/routes';
import { nastyString, randomCodePoints } from '@/tests/fuzz/values';

/**
 * Query-string mutations: bad percent-encoding, many keys (up to and beyond the guard's
 * limit of 100, and beyond the 4096-character target), repeated keys, array and object
 * syntaxes (prototype keys among them), very long values, unicode (encoded, raw, and
 * encoded bytes that are not UTF-8), and odd separators.
 */

/** The guard's limits (entrypoint/requestGuard.mjs): the mutations go to them and beyond. */
const QUERY_PARAMS_MAX = 100;
const TARGET_MAX = 4096;

const BAD_ENCODINGS = ['%', 'a=%', 'a=%z', 'a=%zz', '%zz=1', 'a=%E0%A4%A', 'a=%u0041', 'a=%%32%30', '%=%', 'a=100%', 'a=%2', 'a=%G0'];
const ODD_ITEMS = [
  '',
  '=',
  '==',
  '&',
  'a',
  'a=',
  '=a',
  'a==b',
  'a=b=c',
  '+=+',
  '%20=%20',
  ';',
  'a=1;b=2',
  '#',
  'a=1#frag',
  '?',
  '??a=1',
  '%26=%3D',
  'a=\t',
  'a=%0d%0aSet-Cookie:%20x=1',
];
const NESTED_KEYS = [
  'a[]=1&a[]=2',
  'a[0]=x',
  'a[b][c]=1',
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  'constructor[prototype][polluted]=1',
  '__proto__=x',
  'constructor=x',
  'prototype=x',
  'hasOwnProperty=x',
  'toString=x',
];

function key(rng: Rng, route: Route): string {
  return rng.chance(0.7)
    ? rng.pick(route.queryKeys)
    : rng.pick([
        'livemode',
        'source',
        'x',
        'api_key',
        'limit',
        'brand',
        'token',
        'data',
        'segment',
        'operation',
        'paymentId',
        'mode',
        'step',
        'url_slug',
        '_rsc',
        '__nextDataReq',
        '__nextLocale',
        'nxtPbrand',
        'amp',
      ]);
}

function encoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded: sent as its UTF-8 replacement's bytes.
    return '%EF%BF%BD';
  }
}

type QueryMutation = (rng: Rng, draft: Draft, route: Route) => string;

const MUTATIONS: readonly (readonly [QueryMutation, number])[] = [
  [
    (rng, draft) => {
      const item = rng.pick(BAD_ENCODINGS);
      draft.query = [...(draft.query ?? []), item];
      return `bad-encoding:${item}`;
    },
    4,
  ],
  [
    (rng, draft, route) => {
      const count = rng.pick([20, QUERY_PARAMS_MAX - 1, QUERY_PARAMS_MAX, QUERY_PARAMS_MAX + 1, 150, 600, 2500]);
      const repeated = rng.chance(0.5);
      const items = Array.from({ length: count }, (_, i) => (repeated ? `${key(rng, route)}=1` : `k${i}=${i}`));
      draft.query = [...(draft.query ?? []), ...items];
      return `many-keys:${count}${repeated ? ':repeated' : ''}`;
    },
    3,
  ],
  [
    (rng, draft, route) => {
      const name = key(rng, route);
      const existing = (draft.query ?? []).find((item) => item.startsWith(`${name}=`));
      const items = Array.from({ length: rng.pick([2, 3, 10]) }, (_, i) => existing ?? `${name}=${i % 2 ? 'true' : 'false'}`);
      draft.query = [...(draft.query ?? []), ...items];
      return `repeated-key:${name}`;
    },
    3,
  ],
  [
    (rng, draft, route) => {
      const item = rng.chance(0.6)
        ? rng.pick(NESTED_KEYS)
        : `${key(rng, route)}${rng.pick(['[]', '[0]', '[a]', '.a', '[__proto__]'])}=${rng.pick(['1', 'false', 'x'])}`;
      draft.query = [...(draft.query ?? []), item];
      return `nested-key:${item}`;
    },
    3,
  ],
  [
    (rng, draft, route) => {
      const name = key(rng, route);
      const room = TARGET_MAX - draft.path.length - 20;
      const length = rng.pick([300, 2000, Math.max(10, room), room + 40, 20_000]);
      setQuery(draft, name, rng.pick(['x', 'a', '%41', '%F0%9F%98%80', '0']).repeat(Math.max(1, Math.ceil(length / 3))));
      return `long-value:${name}:${length}`;
    },
    3,
  ],
  [
    (rng, draft, route) => {
      const name = key(rng, route);
      const kind = rng.pick(['encoded', 'raw', 'not-utf8', 'overlong']);
      const text = randomCodePoints(rng, rng.int(1, 20));
      const value =
        kind === 'encoded'
          ? encoded(text)
          : kind === 'raw'
            ? text.replace(/[\s&#]/g, '_')
            : kind === 'not-utf8'
              ? rng.pick(['%FF', '%C3', '%ED%A0%80', '%F4%90%80%80', '%80%80'])
              : rng.pick(['%C0%AF', '%E0%80%AF', '%C0%80']);
      setQuery(draft, name, value);
      return `unicode:${kind}:${name}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const item = rng.pick(ODD_ITEMS);
      if (rng.chance(0.3)) draft.query = [item];
      else draft.query = [...(draft.query ?? []), item];
      return `odd-item:${JSON.stringify(item)}`;
    },
    3,
  ],
  [
    (rng, draft, route) => {
      const name = key(rng, route);
      const text = nastyString(rng).slice(0, 1500);
      const raw = rng.chance(0.2);
      setQuery(draft, name, raw ? text.replace(/[\s&#]/g, '_') : encoded(text));
      return `nasty-value:${name}${raw ? ':raw' : ''}`;
    },
    6,
  ],
  [
    (rng, draft) => {
      draft.query = rng.chance(0.5) ? null : [];
      return 'no-query';
    },
    1,
  ],
  [
    (rng, draft, route) => {
      const name = key(rng, route);
      const value = rng.pick([
        '',
        'true',
        'false',
        'TRUE',
        'False',
        '1',
        '0',
        'null',
        'undefined',
        '-1',
        '1e3',
        '0x10',
        '9999999999999999999999',
        '2026-13-45T25:61:00Z',
        'not-a-date',
        '2026-11-21',
        ' ',
      ]);
      setQuery(draft, name, encoded(value));
      return `edge-value:${name}=${value}`;
    },
    4,
  ],
];

export function mutateQuery(rng: Rng, draft: Draft, route: Route): string {
  return rng.weighted(MUTATIONS)(rng, draft, route);
}
