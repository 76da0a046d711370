import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, couponItems, couponNumber, groupBatches, newCodes } from './couponBatch';
import type { CouponForm } from './draftForm';
import { seededBytes } from '@/tests/fixtures/draftForm';

const coupon = (key: string, overrides: Partial<CouponForm> = {}): CouponForm => ({
  base: { scope: { campaigns: ['vogue-winter'] } },
  key,
  batch: '',
  code: key.toUpperCase(),
  percentOff: '20',
  amountOff: '',
  currencyCode: '',
  validFrom: '',
  validUntil: '2027-02-01T00:00',
  maxRedemptions: '1',
  maxRedemptionsPerCustomer: '1',
  ...overrides,
});

describe('newCodes', () => {
  it('makes unique codes of the prefix and 10 characters without look-alikes', () => {
    const made = newCodes(200, 'PARTNER', seededBytes(7));
    if (!made.ok) throw new Error(JSON.stringify(made.problems));
    expect(made.codes).toHaveLength(200);
    expect(new Set(made.codes).size).toBe(200);
    for (const code of made.codes) expect(code).toMatch(/^PARTNER[A-HJKMNP-Z2-9]{10}$/);
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(newCodes(1, '', seededBytes(7))).toMatchObject({ ok: true, codes: [expect.stringMatching(/^[A-HJKMNP-Z2-9]{10}$/)] });
  });

  it('draws again for a byte that would favour some characters, for a code made twice, and for one already taken', () => {
    // 248 and up would make the alphabet's first characters likelier: they are skipped.
    const bytes = [255, 248, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30];
    const sequence = () => {
      let at = 0;
      return (length: number) => Uint8Array.from({ length }, () => bytes[at++ % bytes.length]!);
    };
    expect(newCodes(2, 'X', sequence())).toEqual({ ok: true, codes: ['XABCDEFGHJK', 'X9999999999'] });
    expect(newCodes(1, 'X', sequence(), new Set(['XABCDEFGHJK']))).toEqual({ ok: true, codes: ['X9999999999'] });
  });

  it('says in words why it makes none', () => {
    const random = seededBytes();
    for (const count of [0, 501, 1.5, Number.NaN]) {
      expect(newCodes(count, '', random)).toEqual({
        ok: false,
        problems: [{ field: 'count', message: 'Enter how many codes to make: a whole number from 1 to 500' }],
      });
    }
    expect(newCodes(3, 'PARTNERS1', random)).toEqual({
      ok: false,
      problems: [{ field: 'prefix', message: 'Use at most 8 letters or digits: this has 9' }],
    });
    for (const prefix of ['VOGUE-', 'vogue', 'ÉTÉ', 'A B']) {
      expect(newCodes(3, prefix, random)).toEqual({
        ok: false,
        problems: [{ field: 'prefix', message: 'Use only the letters A to Z and the digits 0 to 9: no spaces, accents or signs' }],
      });
    }
  });

  it('stops at a source that keeps giving the same', () => {
    expect(() => newCodes(2, 'X', (length) => new Uint8Array(length))).toThrow('keeps giving the same');
    expect(() => newCodes(1, 'X', (length) => new Uint8Array(length).fill(255))).toThrow('keeps giving the same');
  });
});

describe('groupBatches', () => {
  it('puts single-use coupons of the same terms, two or more, in a batch; the rest stay on their own, in their places', () => {
    const grouped = groupBatches(
      [
        coupon('winter10', { maxRedemptions: '', maxRedemptionsPerCustomer: '1', percentOff: '10' }),
        coupon('a'),
        coupon('b', { percentOff: '30' }),
        // Added by the form: no scope yet, sent as the campaign's own.
        coupon('c', { base: {} }),
        coupon('d', { amountOff: '5.00', percentOff: '', currencyCode: 'EUR' }),
        coupon('e', { amountOff: '5.00', percentOff: '', currencyCode: 'EUR' }),
        coupon('f', { amountOff: '5.00', percentOff: '', currencyCode: 'USD' }),
        coupon('g', { validUntil: '' }),
        coupon('h', { maxRedemptions: '2' }),
      ],
      'vogue-winter',
    );
    expect(grouped.map((entry) => [entry.key, entry.batch])).toEqual([
      ['winter10', ''],
      ['a', 'b1'],
      ['b', ''],
      ['c', 'b1'],
      ['d', 'b2'],
      ['e', 'b2'],
      ['f', ''],
      ['g', ''],
      ['h', ''],
    ]);
    // Another campaign's scope is other terms.
    expect(
      groupBatches([coupon('a'), coupon('b', { base: { scope: { campaigns: ['gq'] } } })], 'vogue-winter').map((c) => c.batch),
    ).toEqual(['', '']);
  });

  it('lists a batch as one item where its first code is, and numbers the coupons on their own without it', () => {
    const coupons = groupBatches(
      [coupon('a'), coupon('x', { maxRedemptions: '' }), coupon('b'), coupon('y', { maxRedemptions: '' })],
      'vogue-winter',
    );
    expect(couponItems(coupons)).toEqual([
      { kind: 'batch', key: 'b1', indexes: [0, 2] },
      { kind: 'coupon', index: 1 },
      { kind: 'coupon', index: 3 },
    ]);
    expect([1, 3].map((index) => couponNumber(coupons, index))).toEqual([1, 2]);
  });
});
