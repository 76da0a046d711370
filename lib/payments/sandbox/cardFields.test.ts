import { describe, expect, it } from 'vitest';
import { cardBrandName, editCardField, formatCardNumber, formatCvc, formatExpiry, parseExpiry, validateCardFields } from './cardFields';
import { fallbackWords } from '@/lib/i18n/words';
import { submitRequestSchema } from '@/lib/checkout/submitContract';

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
    const found = validateCardFields({ ...valid, ...change }, now);
    expect(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, fallbackWords().say(message)]))).toEqual(errors);
  });
});

describe('cardBrandName', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['discover', 'Discover'],
    ['unknown', 'Card'],
    ['card', 'Card'],
    ['', 'Card'],
    ['toString', 'Card'],
  ])('%j → %j', (brand, expected) => {
    expect(cardBrandName(brand)).toBe(expected);
  });
});

describe('formatCardNumber', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242 ', '4242'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['4242 - 4242 - 4242 - 4242', '4242 4242 4242 4242'],
    ['42a42 4x242', '4242 4242'],
    ['4242 4242 4242 4242 123', '4242 4242 4242 4242 123'],
    ['4242 4242 4242 4242 1234', '4242 4242 4242 4242 123'],
    // American Express: 4-6-5, fifteen digits.
    ['3782', '3782'],
    ['37828', '3782 8'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822463100059', '3782 822463 10005'],
  ])('%j → %j', (text, expected) => {
    expect(formatCardNumber(text)).toBe(expected);
  });

  it('keeps every formatted number within the submit contract', () => {
    for (const digits of ['4242424242424242', '4000002760003184', '378282246310005', '1'.repeat(25)]) {
      const number = formatCardNumber(digits);
      if (number.replace(/ /g, '').length < 12) continue;
      const parsed = submitRequestSchema.shape.payment.safeParse({ kind: 'sandbox-card', number, expiry: '12/34', cvc: '123' });
      expect(parsed.success, number).toBe(true);
    }
  });
});

describe('formatExpiry', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['1', '1'],
    ['12', '12/'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12345', '12/34'],
    ['12/', '12/'],
    ['12//', '12/'],
    ['12/3', '12/3'],
    ['09', '09/'],
    ['4', '04/'],
    ['13', '01/3'],
    ['1/', '01/'],
    ['1/27', '01/27'],
    // Pasted or autofilled
    ['12/2034', '12/34'],
    ['12 / 2034', '12/34'],
    ['12/34', '12/34'],
    ['122034', '12/34'],
    ['1/2034', '01/34'],
    ['ab', ''],
  ])('%j → %j', (text, expected) => {
    expect(formatExpiry(text)).toBe(expected);
  });

  it.each([
    ['12', '12'],
    ['1', '1'],
    ['12/', '12/'],
    ['1/3', '1/3'],
    ['', ''],
  ])('while deleting, %j stays %j', (text, expected) => {
    expect(formatExpiry(text, { deleting: true })).toBe(expected);
  });

  it.each(['12/34', '1234', '12/2034', '122034', '1/2034'])('formats %j into what parseExpiry and the contract accept', (text) => {
    const expiry = formatExpiry(text);
    expect(parseExpiry(expiry)).not.toBeNull();
    expect(
      submitRequestSchema.shape.payment.safeParse({ kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry, cvc: '123' }).success,
    ).toBe(true);
  });
});

describe('formatCvc', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['123', '123'],
    ['1234', '1234'],
    ['12345', '1234'],
    ['1a2', '12'],
  ])('%j → %j', (text, expected) => {
    expect(formatCvc(text)).toBe(expected);
  });
});

describe('editCardField', () => {
  /** "|" marks the caret. */
  const at = (marked: string) => ({ text: marked.replace('|', ''), caret: marked.indexOf('|') });
  const show = ({ value, caret }: { value: string; caret: number }) => `${value.slice(0, caret)}|${value.slice(caret)}`;

  it.each<[string, string, string, string, ('backward' | 'forward')?]>([
    // Typing at the end
    ['number', '', '4|', '4|'],
    ['number', '4242', '42424|', '4242 4|'],
    ['number', '4242 424', '4242 4242|', '4242 4242|'],
    ['number', '4242 4242 4242 4242', '4242 4242 4242 42425|', '4242 4242 4242 4242 5|'],
    // Backspace at the end
    ['number', '4242 4', '4242 |', '4242|'],
    ['number', '4242 42', '4242 4|', '4242 4|'],
    // Backspace right after a space takes the digit before it
    ['number', '4242 4242', '4242|4242', '424|4 242'],
    // Typing in the middle keeps the caret after the typed digit
    ['number', '4242 4242', '42421| 4242', '4242 1|424 2'],
    ['number', '4242 4242', '421|42 4242', '421|4 2424 2'],
    // Deleting in the middle
    ['number', '4242 4242', '424| 4242', '424|4 242'],
    // Delete (forward) just before a space takes the digit after it
    ['number', '4242 4242', '4242|4242', '4242| 242', 'forward'],
    // Pasting a whole number
    ['number', '', '4242-4242-4242-4242|', '4242 4242 4242 4242|'],
    // Expiry typed at the end
    ['expiry', '', '1|', '1|'],
    ['expiry', '1', '12|', '12/|'],
    ['expiry', '12/', '12/3|', '12/3|'],
    ['expiry', '12/3', '12/34|', '12/34|'],
    ['expiry', '', '4|', '04/|'],
    // Expiry deleted at the end
    ['expiry', '12/34', '12/3|', '12/3|'],
    ['expiry', '12/3', '12/|', '12/|'],
    ['expiry', '12/', '12|', '1|'],
    ['expiry', '1', '|', '|'],
    // Expiry pasted
    ['expiry', '', '12/2034|', '12/34|'],
    // Replacing everything (select all, then type) is typing, not deleting
    ['expiry', '12/34', '4|', '04/|'],
    ['number', '4242 4242 4242 4242', '5|', '5|'],
    // Changing the month in the middle
    ['expiry', '12/34', '1|/34', '1|/34'],
    ['expiry', '1/34', '11|/34', '11|/34'],
    // CVC
    ['cvc', '12', '123|', '123|'],
    ['cvc', '123', '12|', '12|'],
    ['cvc', '123', '1x|23', '1|23'],
  ])('%s: %j, then %j → %j', (field, previous, next, expected, direction) => {
    const { text, caret } = at(next);
    expect(show(editCardField(field as 'number' | 'expiry' | 'cvc', previous, text, caret, direction))).toBe(expected);
  });
});
