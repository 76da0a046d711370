import { later, setHeader, type Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import { setContentType, setAt, type Route } from '@/tests/fuzz/routes';
import { nastyString, nastyValue, otherType } from '@/tests/fuzz/values';

/**
 * Body mutations: invalid JSON, wrong types, huge strings, deep nesting, wrong or missing
 * content types, lengths that do not match, bodies over the route's limit, binary, text
 * that is not UTF-8, NUL and other unicode, and prototype-pollution keys. Structural
 * changes edit `draft.json` (so that the route's invalidation still applies afterwards);
 * raw replacements set `draft.rawBody`.
 */

const INVALID_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  '[1,2',
  "{'a':1}",
  '{a:1}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '"unterminated',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"tab\there"}',
  '{}x',
  '{}{}',
  '/*c*/{}',
  '{"a":1}//c',
  'nul',
  'tru',
  '\u0000',
  '{"a":"\u0000"}',
  '{"\u0000":1}',
  '[' + ']'.repeat(3),
  '{"a":[1,2,3}',
  '\ufeff\ufeff{}',
  ")]}'\n{}",
];

const ODD_CONTENT_TYPES: readonly (string | null)[] = [
  null,
  '',
  'text/plain',
  'text/plain;charset=UTF-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=',
  'application/json; charset="utf-8"',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/jsonx',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/gif',
  '*/*',
  'application/json; boundary=x; charset=utf-8; q=1',
  `application/json; ${'x'.repeat(3000)}`,
  'application/json\u0000',
  'application/jsön',
  ';',
  '/',
];

/** Every path to a value inside a JSON value (objects and arrays), the root excluded. */
export function pathsIn(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (out.length > 200) return out;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push([...prefix, index]);
      pathsIn(item, [...prefix, index], out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      pathsIn(item, [...prefix, key], out);
    }
  }
  return out;
}

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** Objects inside a JSON value, the root included. */
function objectsIn(value: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) {
      found.push(node as Record<string, unknown>);
      Object.values(node).forEach(walk);
    }
  };
  walk(value);
  return found;
}

/** A body of `size` bytes that starts like the route's JSON, so that only its size is wrong. */
function paddedJson(draft: Draft, size: number): Buffer {
  const base = draft.json === undefined ? '{}' : JSON.stringify(draft.json);
  const open = base.startsWith('[') ? '[' : '{';
  const filler = open === '[' ? '"' : '"pad":"';
  const room = Math.max(0, size - base.length - filler.length - 3);
  return Buffer.from(`${open}${filler}${'x'.repeat(room)}",${base.slice(1)}`, 'utf8');
}

/** Text nested `depth` levels deep: arrays, objects, or both. */
function nested(rng: Rng, depth: number): string {
  const kind = rng.pick(['array', 'object', 'mixed']);
  if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (kind === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    if (i % 2) {
      open += '[';
      close = ']' + close;
    } else {
      open += '{"a":';
      close = '}' + close;
    }
  }
  return `${open}1${close}`;
}

/** Inserts `"key":value` as the first member of the top-level object or array of a JSON text. */
function spliceFirst(text: string, member: string): string {
  if (text.startsWith('{')) return text === '{}' ? `{${member}}` : `{${member},${text.slice(1)}`;
  if (text.startsWith('[')) {
    const value = member.slice(member.indexOf(':') + 1);
    return text === '[]' ? `[${value}]` : `[${value},${text.slice(1)}`;
  }
  return text;
}

type BodyMutation = (rng: Rng, draft: Draft, route: Route) => string;

const MUTATIONS: readonly (readonly [BodyMutation, number])[] = [
  [
    (rng, draft) => {
      draft.rawBody = Buffer.from(rng.pick(INVALID_JSON), 'utf8');
      return 'invalid-json';
    },
    4,
  ],
  [
    (rng, draft) => {
      const paths = pathsIn(draft.json);
      if (paths.length === 0) {
        draft.json = otherType(rng, draft.json);
        return 'wrong-type:root';
      }
      const path = rng.pick(paths);
      setAt(draft.json, path, otherType(rng, valueAt(draft.json, path)));
      return `wrong-type:${path.join('.')}`;
    },
    5,
  ],
  [
    (rng, draft) => {
      const paths = pathsIn(draft.json);
      if (paths.length === 0) return 'drop-field:none';
      const path = rng.pick(paths);
      const parent = valueAt(draft.json, path.slice(0, -1));
      if (Array.isArray(parent)) parent.splice(Number(path[path.length - 1]), 1);
      else if (typeof parent === 'object' && parent !== null) delete (parent as Record<string, unknown>)[String(path[path.length - 1])];
      return `drop-field:${path.join('.')}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const objects = objectsIn(draft.json);
      const target = objects.length ? rng.pick(objects) : null;
      const key = rng.chance(0.5)
        ? rng.pick(['admin', 'isAdmin', 'livemode', 'amount', 'total', 'status', 'id', 'role', '', ' ', 'a'.repeat(500)])
        : nastyString(rng).slice(0, 100);
      if (target) target[key] = nastyValue(rng);
      else draft.json = { [key]: nastyValue(rng) };
      return 'extra-field';
    },
    3,
  ],
  [
    (rng, draft) => {
      const paths = pathsIn(draft.json);
      if (paths.length === 0) {
        draft.json = nastyValue(rng);
        return 'nasty-value:root';
      }
      const path = rng.pick(paths);
      setAt(draft.json, path, nastyValue(rng));
      return `nasty-value:${path.join('.')}`;
    },
    6,
  ],
  [
    (rng, draft) => {
      draft.json = rng.pick<unknown>(['string', 42, null, true, false, [], {}, [draft.json], [[[]]], { data: draft.json }, -1, 1e308]);
      return 'top-level-type';
    },
    2,
  ],
  [
    (rng, draft, route) => {
      const size = rng.pick([1000, 10_000, Math.max(1, route.maxBody - 20), route.maxBody + 1, 70_000, 300_000]);
      const paths = pathsIn(draft.json);
      const text = rng.pick(['x', 'é', '😀', '\u0000', '\\', '"']).repeat(Math.ceil(size / 2));
      if (paths.length && rng.chance(0.8)) setAt(draft.json, rng.pick(paths), text);
      else draft.json = text;
      return `huge-string:${size}`;
    },
    2,
  ],
  [
    (rng, draft, route) => {
      const depth = rng.pick([64, 500, 2000, Math.max(64, Math.floor(Math.min(route.maxBody || 8192, 300_000) / 6)), 50_000]);
      const text = nested(rng, depth);
      if (rng.chance(0.5)) draft.rawBody = Buffer.from(text, 'utf8');
      else draft.jsonTransform = (json) => Buffer.from(spliceFirst(json, `"deep":${text}`), 'utf8');
      return `deep-nesting:${depth}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const type = rng.pick(ODD_CONTENT_TYPES);
      setContentType(draft, type);
      return `content-type:${String(type).slice(0, 40)}`;
    },
    4,
  ],
  [
    (rng, draft) => {
      const mode = rng.pick(['short', 'long', 'none', 'literal'] as const);
      if (draft.json === undefined && !draft.rawBody) draft.json = { fuzz: true };
      if (mode === 'literal') {
        const value = rng.pick([
          '-1',
          '1e3',
          ' 12',
          '0x10',
          '99999999999999999999',
          '1,1',
          '+5',
          '',
          'abc',
          '5 5',
          '00000000000000000000000000000000000000005',
        ]);
        draft.framing.contentLength = { value };
        draft.framing.halfClose = true;
        return `content-length:${JSON.stringify(value)}`;
      }
      draft.framing.contentLength = mode;
      // The server would wait for the bytes that never come: end our side instead.
      if (mode === 'long') draft.framing.halfClose = true;
      return `content-length:${mode}`;
    },
    3,
  ],
  [
    (rng, draft, route) => {
      const limit = route.maxBody || 1024 * 1024;
      const size = rng.pick([limit + 1, limit * 2, 1024 * 1024 + 1, 2 * 1024 * 1024 + 7]);
      later(draft, () => {
        draft.rawBody = paddedJson(draft, size);
      });
      const chunked = rng.chance(0.35);
      if (chunked) draft.framing.chunked = 'ok';
      return `over-limit:${size}${chunked ? ':chunked' : ''}`;
    },
    2,
  ],
  [
    (rng, draft) => {
      const kind = rng.pick(['random', 'gzip', 'utf16', 'latin1', 'bad-utf8', 'cesu', 'zeros']);
      if (kind === 'random') draft.rawBody = rng.bytes(rng.int(1, 3000));
      if (kind === 'gzip') {
        draft.rawBody = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), rng.bytes(rng.int(10, 200))]);
        setHeader(draft, 'Content-Encoding', rng.pick(['gzip', 'deflate', 'br', 'identity, gzip', 'GZIP', 'x-fuzz']));
      }
      // The route's JSON, encoded otherwise: taken once the route has made it invalid.
      if (kind === 'utf16')
        later(
          draft,
          () => (draft.rawBody = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(draft.json ?? {}), 'utf16le')])),
        );
      if (kind === 'latin1')
        later(draft, () => (draft.rawBody = Buffer.from(JSON.stringify(draft.json ?? {}).replace(/"$|"(?=[,}\]])/, 'é"'), 'latin1')));
      if (kind === 'bad-utf8')
        draft.rawBody = Buffer.concat([
          Buffer.from('{"a":"', 'utf8'),
          Buffer.from(rng.pick([[0xc0, 0xaf], [0xff], [0xe0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]])),
          Buffer.from('"}', 'utf8'),
        ]);
      if (kind === 'cesu')
        draft.rawBody = Buffer.concat([Buffer.from('{"a":"', 'utf8'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}', 'utf8')]);
      if (kind === 'zeros') draft.rawBody = Buffer.alloc(rng.int(1, 5000));
      return `binary:${kind}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const paths = pathsIn(draft.json).filter((path) => typeof valueAt(draft.json, path) === 'string');
      const text = rng.pick([
        '\u0000',
        'a\u0000b',
        '\ud800',
        '\udfff',
        '😀',
        '\u202e',
        '\ufeff',
        'ｖｏｇｕｅ',
        'vogue\u0000',
        'e\u0301',
        '\u2028\u2029',
      ]);
      if (paths.length) setAt(draft.json, rng.pick(paths), text);
      else draft.json = text;
      if (rng.chance(0.3)) draft.jsonTransform = (json) => Buffer.from(`\ufeff${json}`, 'utf8');
      return 'unicode';
    },
    3,
  ],
  [
    (rng, draft) => {
      const member = rng.pick([
        '"__proto__":{"polluted":true,"admin":true}',
        '"constructor":{"prototype":{"polluted":true}}',
        '"__proto__":null',
        '"__proto__":[]',
        '"prototype":{"polluted":true}',
        '"toString":"x"',
        '"hasOwnProperty":1',
        '"valueOf":{}',
      ]);
      if (rng.chance(0.5)) {
        draft.jsonTransform = (json) => Buffer.from(spliceFirst(json, member), 'utf8');
      } else {
        // As a member of an object inside the body (an own "__proto__" key, as JSON.parse makes one).
        const objects = objectsIn(draft.json);
        const target = objects.length ? rng.pick(objects) : null;
        const [key = '__proto__', value = 'null'] = member.split(/:(.*)/s);
        if (target)
          Object.defineProperty(target, JSON.parse(key) as string, {
            value: JSON.parse(value) as unknown,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else draft.jsonTransform = (json) => Buffer.from(spliceFirst(json, member), 'utf8');
      }
      return `prototype-keys:${member.slice(0, 20)}`;
    },
    3,
  ],
  [
    (rng, draft) => {
      const keys = objectsIn(draft.json).flatMap((object) => Object.keys(object));
      const key = keys.length ? rng.pick(keys) : 'a';
      draft.jsonTransform = (json) => Buffer.from(spliceFirst(json, `${JSON.stringify(key)}:${JSON.stringify(nastyValue(rng))}`), 'utf8');
      return 'duplicate-key';
    },
    1,
  ],
  [
    (rng, draft) => {
      const body = rng.pick(['', ' ', '\r\n\r\n', 'null', '""', '[]', '{}', '0', 'true', '[null]', '[{}]']);
      draft.rawBody = Buffer.from(body, 'utf8');
      if (body === '') draft.framing.contentLength = { value: '0' };
      return `empty-ish:${JSON.stringify(body)}`;
    },
    2,
  ],
  [
    (rng, draft) => {
      if (rng.chance(0.5)) {
        draft.rawBody = Buffer.from('brand=vogue&urlSlug=demo-single&__proto__[x]=1&a[]=1', 'utf8');
        setContentType(draft, 'application/x-www-form-urlencoded');
        return 'form-encoded';
      }
      draft.rawBody = Buffer.from('------fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------fuzz--\r\n', 'utf8');
      setContentType(draft, 'multipart/form-data; boundary=----fuzz');
      return 'multipart';
    },
    1,
  ],
  [
    (rng, draft) => {
      const number = rng.pick([
        '1e400',
        '-1e400',
        '1e-400',
        '-0',
        '123456789012345678901234567890',
        '0.1e1',
        '1E2',
        '-',
        '1.',
        '.1',
        '+1',
        '0x10',
      ]);
      draft.jsonTransform = (json) => Buffer.from(json.replace(/(?<=:)(-?\d+(\.\d+)?|true|false|null|"[^"]*")/, number), 'utf8');
      return `number:${number}`;
    },
    2,
  ],
  [
    (rng, draft) => {
      if (draft.json === undefined) draft.json = nastyValue(rng);
      draft.framing.chunked = rng.pick(['ok', 'bad-size', 'unterminated', 'extension', 'many-small'] as const);
      if (draft.framing.chunked === 'unterminated') draft.framing.halfClose = true;
      return `chunked:${draft.framing.chunked}`;
    },
    2,
  ],
];

/** One body mutation; a route without a body gets one anyway (a body where none is read). */
export function mutateBody(rng: Rng, draft: Draft, route: Route): string {
  if (draft.json === undefined && !draft.rawBody) {
    draft.json = rng.chance(0.5) ? nastyValue(rng) : { fuzz: nastyString(rng) };
    if (!draft.headers.some(([name]) => name.toLowerCase() === 'content-type')) draft.headers.push(['Content-Type', 'application/json']);
  }
  return rng.weighted(MUTATIONS)(rng, draft, route);
}
