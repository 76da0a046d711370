import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { cardBrand, digitsOnly, luhnValid } from './testCards';

/** The card fields of the sandbox form, as typed. */
export interface CardFields {
  number: string;
  /** "MM/YY" */
  expiry: string;
  cvc: string;
}

/** Each field's problem, for the form to word in the page's language. */
export type CardFieldErrors = Partial<Record<keyof CardFields, MessageDescriptor>>;

/** Parses "MM/YY", "MM / YYYY" or "MMYY" (numeric keypads have no slash) into a month and a four-digit year, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Checks the card fields before anything is charged; an empty result means they are fine. */
export function validateCardFields(fields: CardFields, now: Date): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const digits = digitsOnly(fields.number);
  if (!digits) errors.number = { id: 'methods.card.error.numberMissing' };
  else if (!/^\d+$/.test(digits) || !luhnValid(digits)) errors.number = { id: 'methods.card.error.numberInvalid' };

  const expiry = parseExpiry(fields.expiry);
  if (!fields.expiry.trim() || !expiry) errors.expiry = { id: 'methods.card.error.expiryFormat' };
  else {
    const endOfMonth = new Date(Date.UTC(expiry.year, expiry.month, 1));
    if (endOfMonth <= now) errors.expiry = { id: 'methods.card.error.expired' };
    else if (expiry.year > now.getUTCFullYear() + 20) errors.expiry = { id: 'methods.card.error.expiryYear' };
  }

  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!fields.cvc.trim()) errors.cvc = { id: 'methods.card.error.cvcMissing' };
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(fields.cvc.trim()))
    errors.cvc = { id: 'methods.card.error.cvcLength', values: { digits: cvcLength } };
  return errors;
}

const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** How a card brand is written for people ("Visa", "American Express"); "Card" when unknown. */
export function cardBrandName(brand: string): string {
  return Object.hasOwn(CARD_BRAND_NAMES, brand) ? CARD_BRAND_NAMES[brand]! : 'Card';
}

/*
 * Formatting while the visitor types. The formatters take whatever is in the field (typed,
 * pasted or autofilled) and return the field's new text; `editCardField` also says where the
 * caret goes, so that it stays beside the digit it was beside.
 */

const MAX_CARD_DIGITS = 19;
const MAX_AMEX_DIGITS = 15;
const nonDigits = /\D/g;
const isDigit = (character: string | undefined) => character !== undefined && character >= '0' && character <= '9';

/** "4242424242424242" → "4242 4242 4242 4242"; American Express as 4-6-5: "3782 822463 10005". No trailing space. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(nonDigits, '');
  if (cardBrand(digits) === 'amex') {
    const amex = digits.slice(0, MAX_AMEX_DIGITS);
    return [amex.slice(0, 4), amex.slice(4, 10), amex.slice(10)].filter(Boolean).join(' ');
  }
  return (digits.slice(0, MAX_CARD_DIGITS).match(/\d{1,4}/g) ?? []).join(' ');
}

/**
 * The expiry as "MM/YY" while it is typed: "1" → "1", "12" → "12/", "1234" → "12/34",
 * "4" → "04/", "13" → "01/3", "12/2034" → "12/34". While deleting, no "/" is added and no
 * month is padded, so that backspace takes away what is there.
 */
export function formatExpiry(text: string, { deleting = false }: { deleting?: boolean } = {}): string {
  const slash = text.indexOf('/');
  const typedMonth = slash >= 0 ? text.slice(0, slash).replace(nonDigits, '') : '';
  let month: string;
  let year: string;
  let slashTyped = false;
  if (slash >= 0 && typedMonth.length >= 1 && typedMonth.length <= 2) {
    slashTyped = true;
    month = typedMonth.length === 1 && typedMonth !== '0' && !deleting ? `0${typedMonth}` : typedMonth;
    year = text.slice(slash + 1).replace(nonDigits, '');
  } else {
    const digits = text.replace(nonDigits, '');
    if (!deleting && (digits[0] ?? '') > '1') {
      month = `0${digits[0]}`; // no month starts with 2–9: "4" is April
      year = digits.slice(1);
    } else if (!deleting && digits[0] === '1' && (digits[1] ?? '') > '2') {
      month = '01'; // "13" cannot be a month: January, then the year
      year = digits.slice(1);
    } else {
      month = digits.slice(0, 2);
      year = digits.slice(2);
    }
  }
  // A four-digit year ("2034", pasted or autofilled) is written with its last two digits.
  year = year.length >= 4 ? year.slice(2, 4) : year.slice(0, 2);
  if (year) return `${month}/${year}`;
  if (month.length === 2 && (slashTyped || !deleting)) return `${month}/`;
  return month;
}

/** The security code: digits only, at most four. */
export function formatCvc(text: string): string {
  return text.replace(nonDigits, '').slice(0, 4);
}

export interface FieldEdit {
  value: string;
  caret: number;
}

/**
 * The field's text and caret after the visitor changed `previous` into `next` (the caret
 * at `caret` in `next`). A deletion that took away only a separator (" " or "/") takes the
 * digit beside it instead, as the visitor meant: backspace after "4242 " removes the "2".
 */
export function editCardField(
  field: keyof CardFields,
  previous: string,
  next: string,
  caret: number,
  direction: 'backward' | 'forward' = 'backward',
): FieldEdit {
  let at = Math.max(0, Math.min(caret, next.length));
  // Only a deletion when nothing was typed in place of what was removed (not "select all, type 4").
  const deleting = next.length < previous.length && next === previous.slice(0, at) + previous.slice(at + previous.length - next.length);
  let text = next;
  if (deleting && previous.replace(nonDigits, '') === next.replace(nonDigits, '')) {
    const index = direction === 'backward' ? lastDigitBefore(previous, at) : firstDigitFrom(previous, at);
    if (index >= 0) {
      text = previous.slice(0, index) + previous.slice(index + 1);
      at = index;
    } else {
      text = previous;
    }
  }
  const value = field === 'number' ? formatCardNumber(text) : field === 'expiry' ? formatExpiry(text, { deleting }) : formatCvc(text);
  if (at >= text.length) return { value, caret: value.length };
  // Keep the caret after the same number of digits as before.
  const digitsBefore = text.slice(0, at).replace(nonDigits, '').length;
  return { value, caret: afterDigits(value, digitsBefore) };
}

function lastDigitBefore(text: string, end: number): number {
  for (let index = Math.min(end, text.length) - 1; index >= 0; index -= 1) if (isDigit(text[index])) return index;
  return -1;
}

function firstDigitFrom(text: string, start: number): number {
  for (let index = start; index < text.length; index += 1) if (isDigit(text[index])) return index;
  return -1;
}

/** The position just after the `count`-th digit of `text` (0 for none). */
function afterDigits(text: string, count: number): number {
  let position = 0;
  for (let seen = 0; position < text.length && seen < count; position += 1) if (isDigit(text[position])) seen += 1;
  return position;
}
