/** What care may search for: a whole address, or a whole invoice or credit note number. */
export type CareQuery = { kind: 'email'; email: string } | { kind: 'invoice' | 'credit_note'; number: string };

/** A whole address: something before and after the @, and a dot in the domain. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * A whole number as printed (invoiceNumbers.ts): the global series' INV-2026-000042 and
 * CN-TEST-2026-000007, and a seller's US-2026-000001 and US-CN-2026-000001.
 */
const WHOLE_NUMBER = /^(?:(CN)|[A-Z]{2,6}(-CN)?)-(?:TEST-)?\d{4}-\d{6,}$/;

export const CARE_QUERY_RULE =
  'Enter a whole e-mail address, or a whole invoice or credit note number such as INV-2026-000042: a part of one is not searched.';

/**
 * The query care typed, read as what it names; null for anything else (a part of an address
 * or of a number, a bare year). Only whole ones: a search finds one customer the operator
 * already knows of, and never lists customers by a prefix or a range of numbers.
 */
export function careQueryOf(text: string): CareQuery | null {
  const q = text.trim();
  if (WHOLE_EMAIL.test(q)) return { kind: 'email', email: q.toLowerCase() };
  const number = q.toUpperCase();
  const match = WHOLE_NUMBER.exec(number);
  if (!match) return null;
  return { kind: match[1] || match[2] ? 'credit_note' : 'invoice', number };
}
