import { describe, expect, it } from 'vitest';
import { assignVariant, variantsProblem, type WeightedVariant } from './assignment';
import { murmurHash2 } from './murmurHash2';

const halves: WeightedVariant[] = [
  { id: 'control', weight: 50 },
  { id: 'lower-price', weight: 50 },
];
/** A fixed set of 2,000 visitor ids, as the first-party cookie would hold them. */
const visitors = Array.from({ length: 2000 }, (_, i) => `v_${i.toString(36).padStart(6, '0')}${((i * 2654435761) >>> 0).toString(16)}`);

describe('assignVariant', () => {
  it('splits 2,000 visitors 50/50 within 3 points, the same way every time', () => {
    const shown = visitors.map((visitor) => assignVariant(visitor, 'vogue-spring-price', halves));
    const control = shown.filter((variant) => variant === 'control').length / visitors.length;
    expect(control).toBeGreaterThanOrEqual(0.47);
    expect(control).toBeLessThanOrEqual(0.53);
    expect(visitors.map((visitor) => assignVariant(visitor, 'vogue-spring-price', halves))).toEqual(shown);
  });

  it('keeps each share of three and four variants within 3 points of its weight', () => {
    const weighted: WeightedVariant[] = [
      { id: 'a', weight: 20 },
      { id: 'b', weight: 30 },
      { id: 'c', weight: 40 },
      { id: 'd', weight: 10 },
    ];
    const shown = visitors.map((visitor) => assignVariant(visitor, 'gq-layout', weighted));
    for (const { id, weight } of weighted) {
      const share = shown.filter((variant) => variant === id).length / visitors.length;
      expect(Math.abs(share * 100 - weight), id).toBeLessThanOrEqual(3);
    }
  });

  it('splits each experiment anew: a visitor in one arm of one is not in the same arm of every other', () => {
    const first = visitors.map((visitor) => assignVariant(visitor, 'experiment-1', halves));
    const second = visitors.map((visitor) => assignVariant(visitor, 'experiment-2', halves));
    const same = first.filter((variant, index) => variant === second[index]).length / visitors.length;
    expect(same).toBeGreaterThan(0.45);
    expect(same).toBeLessThan(0.55);
  });

  it('puts a visitor where nginx\'s split_clients does for the key "{visitor}:{experiment}"', () => {
    // Measured with nginx 1.22.1: split_clients "${arg_k}:exp-1" { 50% a; * b; } and
    // split_clients "${arg_k}:exp-2" { 20% a; 30% b; * c; }, for k = v1 … v12.
    const nginx: [string, string, string][] = [
      ['v1', 'a', 'b'],
      ['v2', 'b', 'c'],
      ['v3', 'a', 'b'],
      ['v4', 'b', 'c'],
      ['v5', 'b', 'c'],
      ['v6', 'a', 'c'],
      ['v7', 'b', 'c'],
      ['v8', 'b', 'c'],
      ['v9', 'a', 'b'],
      ['v10', 'b', 'b'],
      ['v11', 'b', 'b'],
      ['v12', 'b', 'b'],
    ];
    const two: WeightedVariant[] = [
      { id: 'a', weight: 50 },
      { id: 'b', weight: 50 },
    ];
    const three: WeightedVariant[] = [
      { id: 'a', weight: 20 },
      { id: 'b', weight: 30 },
      { id: 'c', weight: 50 },
    ];
    for (const [visitor, inTwo, inThree] of nginx) {
      expect([assignVariant(visitor, 'exp-1', two), assignVariant(visitor, 'exp-2', three)], visitor).toEqual([inTwo, inThree]);
    }
  });

  it('refuses variants it cannot run', () => {
    expect(() => assignVariant('v1', 'x', [{ id: 'a', weight: 100 }])).toThrow('2 to 4 variants');
  });
});

describe('variantsProblem', () => {
  it.each<[string, WeightedVariant[], string | null]>([
    ['two halves', halves, null],
    ['one variant', [{ id: 'a', weight: 100 }], 'An experiment runs 2 to 4 variants; this one has 1.'],
    ['five variants', ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, weight: 20 })), 'An experiment runs 2 to 4 variants; this one has 5.'],
    [
      'the same id twice',
      [
        { id: 'a', weight: 50 },
        { id: 'a', weight: 50 },
      ],
      'Each variant needs an id of its own.',
    ],
    [
      'a weight of 0',
      [
        { id: 'a', weight: 100 },
        { id: 'b', weight: 0 },
      ],
      'Each weight is a whole percentage of at least 1.',
    ],
    [
      'a fractional weight',
      [
        { id: 'a', weight: 49.5 },
        { id: 'b', weight: 50.5 },
      ],
      'Each weight is a whole percentage of at least 1.',
    ],
    [
      'weights short of 100',
      [
        { id: 'a', weight: 40 },
        { id: 'b', weight: 40 },
      ],
      'The weights add up to 80%; they must add up to 100%.',
    ],
  ])('%s', (_case, variants, problem) => {
    expect(variantsProblem(variants)).toBe(problem);
  });
});

describe('murmurHash2', () => {
  it('hashes every tail length and multi-byte text to a 32-bit unsigned number, the same each time', () => {
    for (const key of ['', 'a', 'ab', 'abc', 'abcd', 'abcde', 'Zürich', '東京']) {
      const hash = murmurHash2(key);
      expect(Number.isInteger(hash) && hash >= 0 && hash <= 0xffffffff, key).toBe(true);
      expect(murmurHash2(key)).toBe(hash);
    }
    expect(murmurHash2('')).toBe(0);
    expect(new Set(['a', 'ab', 'abc', 'abcd', 'abcde'].map(murmurHash2)).size).toBe(5);
  });
});
