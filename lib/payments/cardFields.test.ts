import { describe, expect, it } from 'vitest';
import { parseExpiry, validateCardFields } from './cardFields';

const now = new Date('2026-11-21T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('parseExpiry', () => {
  it.each([
    ['12/30', { month: 12, year: 2030 }],
    ['1/27', { month: 1, year: 2027 }],
    [' 03 / 2028 ', { month: 3, year: 2028 }],
    ['13/30', null],
    ['00/30', null],
    ['1230', { month: 12, year: 2030 }],
    ['0128', { month: 1, year: 2028 }],
    ['123', null],
    ['12/3', null],
    ['', null],
  ])('%j → %o', (text, expected) => {
    expect(parseExpiry(text)).toEqual(expected);
  });
});

describe('validateCardFields', () => {
  it('accepts a valid card', () => {
    expect(validateCardFields(valid, now)).toEqual({});
  });

  it.each([
    [{ number: '' }, { number: 'Enter your card number.' }],
    [{ number: '4242 4242 4242 4241' }, { number: 'This card number is not valid. Please check it.' }],
    [{ number: '4242-abcd' }, { number: 'This card number is not valid. Please check it.' }],
    [{ expiry: '' }, { expiry: 'Enter the expiry date as MM/YY.' }],
    [{ expiry: '13/29' }, { expiry: 'Enter the expiry date as MM/YY.' }],
    [{ expiry: '10/26' }, { expiry: 'This card has expired.' }],
    [{ expiry: '11/26' }, {}],
    [{ expiry: '01/99' }, { expiry: 'Check the expiry year.' }],
    [{ cvc: '' }, { cvc: 'Enter the security code (CVC).' }],
    [{ cvc: '12' }, { cvc: 'The security code is 3 digits.' }],
    [{ number: '378282246310005', cvc: '123' }, { cvc: 'The security code is 4 digits.' }],
    [{ number: '378282246310005', cvc: '1234' }, {}],
  ])('%o → %o', (change, errors) => {
    expect(validateCardFields({ ...valid, ...change }, now)).toEqual(errors);
  });
});
