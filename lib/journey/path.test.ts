import { describe, expect, it } from 'vitest';
import { basePathOf, isValidSegment, parseJourneyPath, parseJourneySegments, type JourneyLocation } from './path';

const at = (step: JourneyLocation['step'], returnSegments: string[] = [], brand = 'vogue', urlSlug = 'demo-single'): JourneyLocation => ({
  brand,
  urlSlug,
  base: `/${brand}/${urlSlug}`,
  step,
  returnSegments,
});

describe('isValidSegment', () => {
  it.each([
    ['vogue'],
    ['demo-single'],
    ['a'],
    ['0'],
    ['2024'],
    ['credit-card'],
    ['a1-b2-c3'],
    ['x'.repeat(64)],
    [`${'ab-'.repeat(20)}abcd`], // 64 chars with hyphens
  ])('accepts %j', (segment) => {
    expect(isValidSegment(segment)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['x'.repeat(65), 'over 64 characters'],
    ['Vogue', 'upper case'],
    ['CART', 'all upper case'],
    ['demo_single', 'underscore'],
    ['demo single', 'space'],
    ['-demo', 'leading hyphen'],
    ['demo-', 'trailing hyphen'],
    ['demo--single', 'double hyphen'],
    ['.', 'dot segment'],
    ['..', 'dot-dot segment'],
    ['a.b', 'embedded dot'],
    ['cart/x', 'decoded slash'],
    ['cart%2Fx', 'percent-encoded slash'],
    ['cart%2fx', 'lower-case percent-encoded slash'],
    ['a\\b', 'backslash'],
    ['café', 'accented letter'],
    ['ｃａｒｔ', 'full-width letters'],
    ['cart\u200b', 'zero-width space'],
    ['\u0131', 'dotless i'],
    ['\ufb01le', 'fi ligature'],
    ['cart\n', 'trailing newline'],
    ['\ncart', 'leading newline'],
    ['cart\0', 'NUL'],
    ['😀', 'emoji'],
    ['cart?x=1', 'query characters'],
    ['cart#x', 'hash'],
  ])('rejects %j (%s)', (segment) => {
    expect(isValidSegment(segment)).toBe(false);
  });
});

describe('parseJourneySegments', () => {
  it.each<[string[], JourneyLocation]>([
    [['vogue', 'demo-single'], at('campaign')],
    [['vogue', 'demo-single', 'cart'], at('cart')],
    [['vogue', 'demo-single', 'credit-card'], at('credit-card')],
    [['vogue', 'demo-single', 'promo-code'], at('promo-code')],
    [['vogue', 'demo-single', 'success'], at('success')],
    [['vogue', 'demo-single', 'auth', 'initiate'], at('auth-initiate')],
    [['vogue', 'demo-single', 'auth', 'complete'], at('auth-complete')],
    [['vogue', 'demo-single', 'auth', 'initiate', 'cart'], at('auth-initiate', ['cart'])],
    [
      ['newyorker', 'demo-dual', 'auth', 'complete', 'a', 'b', 'c', 'd'],
      at('auth-complete', ['a', 'b', 'c', 'd'], 'newyorker', 'demo-dual'),
    ],
  ])('parses %j', (segments, expected) => {
    expect(parseJourneySegments(segments)).toEqual(expected);
  });

  it.each([
    [[], 'no segments'],
    [['vogue'], 'brand only'],
    [['vogue', 'demo-single', 'auth', 'initiate', 'a', 'b', 'c', 'd', 'e'], 'nine segments'],
    [['vogue', 'demo-single', 'unknown'], 'unknown step'],
    [['Vogue', 'demo-single'], 'upper-case brand'],
    [['vogue', 'Demo-Single'], 'upper-case slug'],
    [['vogue', 'demo-single', 'CART'], 'upper-case step'],
    [['vogue', 'demo-single', 'auth', 'INITIATE'], 'upper-case sub-step'],
    [['vogue', 'demo/single'], 'slash inside the slug'],
    [['vogue/x', 'demo-single'], 'slash inside the brand'],
    [['vogue', 'demo-single', 'cart/x'], 'slash inside the step'],
    [['vogue', 'demo-single', 'auth', 'initiate', '..'], 'dot-dot return segment'],
    [['vogue', 'demo-single', 'auth', 'initiate', 'cart/../x'], 'slash in return segment'],
    [['vogue', 'demo-single', 'auth', 'initiate', 'Cart'], 'upper-case return segment'],
    [['..', 'demo-single'], 'dot-dot brand'],
    [['vogue', '.'], 'dot slug'],
    [['vogue', 'demo-single', '..'], 'dot-dot step'],
    [['vogüe', 'demo-single'], 'non-ASCII brand'],
    [['vogue', 'démo'], 'non-ASCII slug'],
    [['vogue', 'demo-single', 'ca\u0301rt'], 'combining accent'],
    [['x'.repeat(65), 'demo-single'], 'overlong brand'],
    [['vogue', 'x'.repeat(65)], 'overlong slug'],
    [['vogue', 'demo-single', 'auth', 'initiate', 'x'.repeat(65)], 'overlong return segment'],
    [['vogue', 'demo-single', ''], 'empty step segment'],
    [['', 'demo-single'], 'empty brand'],
    [['vogue', ''], 'empty slug'],
  ])('gives null for %j (%s)', (segments) => {
    expect(parseJourneySegments(segments)).toBeNull();
  });

  it('accepts segments of exactly 64 characters', () => {
    const long = 'a'.repeat(64);
    expect(parseJourneySegments([long, long])).toEqual(at('campaign', [], long, long));
  });

  it('accepts exactly eight segments', () => {
    const segments = ['vogue', 'demo-single', 'auth', 'initiate', 'a', 'b', 'c', 'd'];
    expect(parseJourneySegments(segments)?.returnSegments).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('parseJourneyPath', () => {
  it.each<[string, JourneyLocation]>([
    ['/vogue/demo-single', at('campaign')],
    ['/vogue/demo-single/', at('campaign')],
    ['/vogue/demo-single/cart', at('cart')],
    ['/vogue/demo-single/cart/', at('cart')],
    ['/vogue/demo-single/credit-card', at('credit-card')],
    ['/vogue/demo-single/promo-code', at('promo-code')],
    ['/vogue/demo-single/success', at('success')],
    ['/vogue/demo-single/checkout-success', at('success')],
    ['/vogue/demo-single/auth/initiate', at('auth-initiate')],
    ['/vogue/demo-single/auth/complete', at('auth-complete')],
    ['/vogue/demo-single/auth/initiate/cart', at('auth-initiate', ['cart'])],
    ['/vogue/demo-single/auth/initiate/credit-card/', at('auth-initiate', ['credit-card'])],
    ['/vogue/demo-single/auth/complete/promo-code', at('auth-complete', ['promo-code'])],
    ['/newyorker/demo-dual/cart', at('cart', [], 'newyorker', 'demo-dual')],
  ])('parses %j', (pathname, expected) => {
    expect(parseJourneyPath(pathname)).toEqual(expected);
  });

  it.each([
    ['', 'empty'],
    ['/', 'root'],
    ['vogue/demo-single', 'no leading slash'],
    ['/vogue', 'brand only'],
    ['/vogue/', 'brand with trailing slash'],
    ['//demo-single', 'empty brand'],
    ['/vogue//cart', 'empty slug'],
    ['/vogue/demo-single//', 'two trailing slashes'],
    ['/vogue/demo-single//cart', 'empty fourth segment followed by a step'],
    ['/vogue/demo-single/unknown', 'unknown step'],
    ['/vogue/demo-single/checkout', 'unknown step'],
    ['/vogue/demo-single/Cart', 'upper-case step'],
    ['/VOGUE/demo-single', 'upper-case brand'],
    ['/vogue/demo-single/cart%2Fx', 'encoded slash'],
    ['/vogue/demo-single%2Fcart', 'encoded slash in slug'],
    ['/vogue/demo-single/../cart', 'dot-dot segment'],
    ['/vogue/demo-single/./cart', 'dot segment'],
    ['/vogue/./cart', 'dot slug'],
    ['/vogue/demo-single/auth/initiate/../../x', 'dot-dot return segments'],
    ['/vogue/démo/cart', 'non-ASCII'],
    ['/vogue/demo-single/caf%C3%A9', 'percent-encoded non-ASCII'],
    ['/vogue/demo-single/cart\u200b', 'zero-width space'],
    [`/vogue/${'x'.repeat(65)}`, 'overlong slug'],
    ['/vogue/demo-single/cart/extra', 'extra segment after cart'],
    ['/vogue/demo-single/credit-card/extra', 'extra segment after credit-card'],
    ['/vogue/demo-single/auth', 'auth without sub-step'],
    ['/vogue/demo-single/auth/logout', 'unknown auth sub-step'],
    ['/vogue/demo-single/auth/initiate/a/b/c/d/e', 'too many segments'],
    ['/a/b/c/d/e/f/g/h/i', 'too many segments'],
    ['/vogue/demo-single/cart?x=1', 'query string is not part of a pathname'],
    ['/vogue/demo-single/cart#top', 'hash is not part of a pathname'],
    ['\\vogue\\demo-single', 'backslashes'],
  ])('gives null for %j (%s)', (pathname) => {
    expect(parseJourneyPath(pathname)).toBeNull();
  });

  it('takes the base from the first three segments of pathname.split("/")', () => {
    const pathname = '/wired/demo-trial/auth/initiate/cart';
    const location = parseJourneyPath(pathname);
    expect(location?.base).toBe(pathname.split('/').slice(0, 3).join('/'));
    expect(location?.base).toBe(basePathOf(pathname));
  });
});

describe('basePathOf', () => {
  it.each([
    ['/vogue/demo-single', '/vogue/demo-single'],
    ['/vogue/demo-single/', '/vogue/demo-single'],
    ['/vogue/demo-single/cart', '/vogue/demo-single'],
    ['/vogue/demo-single/auth/initiate/cart', '/vogue/demo-single'],
    ['/vogue', '/vogue'],
    ['/', '/'],
    ['', ''],
  ])('%j → %j', (pathname, expected) => {
    expect(basePathOf(pathname)).toBe(expected);
  });
});
