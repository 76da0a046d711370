import { describe, expect, it } from 'vitest';
import { encodeCartSelection, type CartSelection } from './cartSelection';
import { decodeCartSelection } from './cartCookieCodec';

const selection = (overrides: Partial<CartSelection> = {}): CartSelection => ({
  offerId: '2002',
  addOnIds: [],
  promoCode: null,
  country: null,
  region: null,
  ...overrides,
});

describe('encodeCartSelection and decodeCartSelection', () => {
  it.each<[string, CartSelection]>([
    ['an offer alone', selection()],
    ['add-ons', selection({ addOnIds: ['2101', '2102'] })],
    ['a promo code', selection({ promoCode: 'SAVE20' })],
    ['a promo code with - and _', selection({ promoCode: 'spring_sale-10' })],
    ['a country', selection({ country: 'GB' })],
    ['a country and region', selection({ country: 'US', region: 'NY' })],
    ['everything', selection({ addOnIds: ['2101'], promoCode: 'FREE100', country: 'CA', region: 'QC' })],
    ['five add-ons', selection({ addOnIds: ['1', '2', '3', '4', '5'] })],
    ['an 18-digit offer id', selection({ offerId: '123456789012345678' })],
  ])('round-trips %s', (_label, chosen) => {
    expect(decodeCartSelection(encodeCartSelection(chosen))).toEqual({ ok: true, selection: chosen });
  });

  it('writes short keys and leaves out what is not chosen', () => {
    expect(encodeCartSelection(selection())).toBe('{"o":"2002","a":[]}');
    expect(encodeCartSelection(selection({ addOnIds: ['2101'], promoCode: 'SAVE20', country: 'US', region: 'NY' }))).toBe(
      '{"o":"2002","a":["2101"],"p":"SAVE20","c":"US","r":"NY"}',
    );
  });
});

describe('decodeCartSelection', () => {
  it.each<[string, string | undefined]>([
    ['no cookie', undefined],
    ['an empty cookie', ''],
  ])('reads %s as an empty cart', (_label, raw) => {
    expect(decodeCartSelection(raw)).toEqual({ ok: true, selection: null });
  });

  it('takes missing add-ons as none', () => {
    expect(decodeCartSelection('{"o":"1001"}')).toEqual({ ok: true, selection: selection({ offerId: '1001' }) });
  });

  it.each<[string, string]>([
    // not JSON
    ['bad JSON', '{"o":"1001"'],
    ['a bare word', 'cart'],
    ['URL-encoded JSON', '%7B%22o%22%3A%221001%22%7D'],
    // not an object of ours
    ['null', 'null'],
    ['an array', '["1001"]'],
    ['a number', '1001'],
    ['no offer', '{"a":[]}'],
    // wrong types
    ['a numeric offer id', '{"o":1001,"a":[]}'],
    ['an offer id with letters', '{"o":"10a1","a":[]}'],
    ['an offer id with a leading zero', '{"o":"0101","a":[]}'],
    ['a 19-digit offer id', '{"o":"1234567890123456789","a":[]}'],
    ['add-ons as a string', '{"o":"1001","a":"2101"}'],
    ['a numeric add-on', '{"o":"1001","a":[2101]}'],
    ['a promo code as a number', '{"o":"1001","a":[],"p":20}'],
    ['a promo code with a space', '{"o":"1001","a":[],"p":"SAVE 20"}'],
    ['an empty promo code', '{"o":"1001","a":[],"p":""}'],
    ['a 33-character promo code', `{"o":"1001","a":[],"p":"${'A'.repeat(33)}"}`],
    ['a lower-case country', '{"o":"1001","a":[],"c":"us"}'],
    ['a three-letter country', '{"o":"1001","a":[],"c":"USA"}'],
    ['a null country', '{"o":"1001","a":[],"c":null}'],
    ['a four-character region', '{"o":"1001","a":[],"c":"US","r":"NYCX"}'],
    // duplicates and size
    ['a duplicate add-on', '{"o":"1001","a":["2101","2101"]}'],
    ['six add-ons', '{"o":"1001","a":["1","2","3","4","5","6"]}'],
    ['an oversized cookie', `{"o":"1001","a":[],"p":"SAVE20"${' '.repeat(600)}}`],
    // anything we did not write
    ['an unknown key', '{"o":"1001","a":[],"x":1}'],
    ['long key names', '{"offerId":"1001","addOnIds":[]}'],
    ['a prototype key', '{"o":"1001","a":[],"__proto__":{"p":"FREE100"}}'],
  ])('refuses %s', (_label, raw) => {
    expect(decodeCartSelection(raw)).toEqual({ ok: false });
  });

  it('refuses anything longer than 512 characters, even what would parse', () => {
    const padded = `{"o":"1001","a":[]}`.padEnd(513, ' ');
    expect(JSON.parse(padded)).toEqual({ o: '1001', a: [] });
    expect(decodeCartSelection(padded)).toEqual({ ok: false });
    expect(decodeCartSelection(`{"o":"1001","a":[]}`.padEnd(512, ' '))).toEqual({ ok: true, selection: selection({ offerId: '1001' }) });
  });
});
