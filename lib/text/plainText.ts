import * as z from 'zod/mini';

/**
 * Characters no name, address or one-line note may hold: C0 controls (tab, CR, LF, NUL…),
 * DEL, C1 controls, the line and paragraph separators, and the bidirectional marks,
 * embeddings, overrides and isolates. A line break lets a name forge a mail header or a
 * log line; an override shows one name and stores another; PostgreSQL refuses a NUL.
 * Zero-width joiners stay allowed: some scripts and names need them.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** The same, but for the line breaks and tabs a few lines of free text hold (a textarea's). */
const CONTROL_CHARACTER_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** Whether a text holds a control character (see CONTROL_CHARACTER). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * The check every name and address field carries, in the browser (Zod Mini) and in API
 * schemas (Zod) alike. Its message names the field, so that a refusal says which one;
 * `message` replaces it where a form words its own.
 */
export function plainText(field: string, message?: string) {
  return z.refine<string>((value) => !hasControlCharacter(value), {
    message: message ?? `The ${field} must be plain text on one line: no line breaks, tabs or other control characters.`,
    abort: true,
  });
}

/**
 * plainText's check for a few lines of free text (a cancellation's reason, typed in a
 * textarea): line breaks and tabs are kept, every other control character is refused.
 */
export function plainLines(field: string) {
  return z.refine<string>((value) => !CONTROL_CHARACTER_BUT_LINES.test(value), {
    message: `The ${field} must be plain text: no control characters other than line breaks.`,
    abort: true,
  });
}
