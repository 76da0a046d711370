import type { Rng } from './rng';

/**
 * Hostile values: strings and JSON values that break naive parsers, validators and
 * templates. None of them is one of the app's real identifiers (a brand, a campaign, a
 * valid e-mail, a payment id), so a field set to one of these never makes a request valid
 * by accident: routes that write still apply their own invalidation last (routes.ts).
 */

export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t  ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x7fffffff',
  '9007199254740993',
  '99999999999999999999999999999999',
  '%',
  '%zz',
  '%00',
  '%%',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\r\n',
  'x\r\nSet-Cookie: fuzz=1',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '"; DROP TABLE transactions; --',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '#{7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '[object Object]',
  'true',
  'false',
  '[]',
  '{}',
  '\u202eevil\u202c',
  '\ufeffbom',
  '\ud800',
  '\udfff\ud800',
  '😀👩‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷',
  'ÅÍÎÏ˝ÓÔÒÚÆ☃',
  '田中さんにあげて下さい',
  'مرحبا',
  '\u200b\u200c\u200d',
  'Z̮̞̠͙͔ͅḀ̗̞͈̻̗Ḷ͙͎̯̹̞͓G̻O̭̗̮',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example/',
  '//evil.example/',
  '/\\evil.example',
  'file:///etc/passwd',
  'mailto:a@b',
  'A'.repeat(65),
  'a'.repeat(201),
  'x'.repeat(1025),
];

/** A nasty string: from the list, or long, or random code points, or random bytes read as Latin-1. */
export function nastyString(rng: Rng): string {
  return rng.weighted<() => string>([
    [() => rng.pick(NASTY_STRINGS), 10],
    [() => rng.pick(['x', 'é', '😀', '\u0000', '%', '/', '\\', '"']).repeat(rng.pick([63, 64, 65, 200, 201, 600, 601, 4096, 70_000])), 2],
    [() => randomCodePoints(rng, rng.int(1, 40)), 3],
    [() => rng.bytes(rng.int(1, 40)).toString('latin1'), 1],
  ])();
}

/** Code points from every plane, lone surrogates and controls included. */
export function randomCodePoints(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const range = rng.weighted<[number, number]>([
      [[0x00, 0x1f], 1],
      [[0x20, 0x7e], 4],
      [[0x80, 0x7ff], 2],
      [[0x800, 0xffff], 2],
      [[0xd800, 0xdfff], 1],
      [[0x10000, 0x10ffff], 1],
    ]);
    out += String.fromCodePoint(rng.int(range[0], range[1]));
  }
  return out;
}

/** A JSON value of any type, nasty in its own way. */
export function nastyValue(rng: Rng, depth = 0): unknown {
  const kinds: [() => unknown, number][] = [
    [() => nastyString(rng), 6],
    [() => rng.pick([0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE, 4242424242424242, 1e21]), 3],
    [() => rng.pick([true, false, null]), 2],
    [() => [], 1],
    [() => ({}), 1],
  ];
  if (depth < 3) {
    kinds.push([() => Array.from({ length: rng.int(1, 5) }, () => nastyValue(rng, depth + 1)), 1]);
    kinds.push([
      () => Object.fromEntries(Array.from({ length: rng.int(1, 4) }, () => [nastyString(rng).slice(0, 40), nastyValue(rng, depth + 1)])),
      1,
    ]);
  }
  return rng.weighted(kinds)();
}

/** A value of another JSON type than `value`'s. */
export function otherType(rng: Rng, value: unknown): unknown {
  const candidates: unknown[] = ['1', 1, true, null, [], {}, [value], { value }, '', 0, -1, 'true'];
  const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  return rng.pick(candidates.filter((candidate) => typeOf(candidate) !== typeOf(value)));
}
