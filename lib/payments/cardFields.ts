import { cardBrand, digitsOnly, luhnValid } from './testCards';

/** The card fields of the sandbox form, as typed. */
export interface CardFields {
  number: string;
  /** "MM/YY" */
  expiry: string;
  cvc: string;
}

export type CardFieldErrors = Partial<Record<keyof CardFields, string>>;

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
  if (!digits) errors.number = 'Enter your card number.';
  else if (!/^\d+$/.test(digits) || !luhnValid(digits)) errors.number = 'This card number is not valid. Please check it.';

  const expiry = parseExpiry(fields.expiry);
  if (!fields.expiry.trim()) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    const endOfMonth = new Date(Date.UTC(expiry.year, expiry.month, 1));
    if (endOfMonth <= now) errors.expiry = 'This card has expired.';
    else if (expiry.year > now.getUTCFullYear() + 20) errors.expiry = 'Check the expiry year.';
  }

  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!fields.cvc.trim()) errors.cvc = 'Enter the security code (CVC).';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(fields.cvc.trim())) errors.cvc = `The security code is ${cvcLength} digits.`;
  return errors;
}
