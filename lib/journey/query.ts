import type { MessageDescriptor } from '@/lib/i18n/messageKey';

/**
 * The two query parameters the journey reads (SPEC §2): `livemode` (false switches to
 * test mode, as does the mt_livemode cookie) and `source` (the ecommerce targeter).
 * They are parsed once, on the server, and handed to the page.
 */
export interface JourneyMode {
  livemode: boolean;
  source: string | null;
}

export type QueryValue = string | string[] | undefined;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A journey parameter's reading: refused, it says why in English for the API's answers and
 * as a message for a page to word in its campaign's language.
 */
export type QueryResult<T> = { ok: true; value: T } | { ok: false; message: string; reason: MessageDescriptor };

export const LIVEMODE_COOKIE = 'mt_livemode';
const MAX_SOURCE_LENGTH = 200;
/**
 * Letters, digits and the punctuation marketers use in campaign codes, "=" and "@" among
 * them: free text a spreadsheet would run as a formula, which the report's CSV neutralises.
 */
const SOURCE_PATTERN = /^[\w .:~+\-/|=@]+$/;

function single(value: QueryValue, name: 'livemode' | 'source'): QueryResult<string | undefined> {
  if (Array.isArray(value)) {
    if (value.length <= 1) return { ok: true, value: value[0] };
    return {
      ok: false,
      message: `The "${name}" parameter appears more than once.`,
      reason: { id: 'errors.refusal.repeated', values: { parameter: name } },
    };
  }
  return { ok: true, value };
}

export function parseLivemode(queryValue: QueryValue, cookieValue: string | undefined): QueryResult<boolean> {
  const parsed = single(queryValue, 'livemode');
  if (!parsed.ok) return parsed;
  const raw = parsed.value?.toLowerCase();
  if (raw !== undefined && raw !== 'true' && raw !== 'false') {
    return { ok: false, message: 'The "livemode" parameter must be "true" or "false".', reason: { id: 'errors.refusal.livemode' } };
  }
  // A cookie is not something the visitor typed, so an odd value means live rather than an error.
  const cookieSaysTest = cookieValue?.toLowerCase() === 'false';
  return { ok: true, value: !(raw === 'false' || cookieSaysTest) };
}

/** Whether a source is one the journey would take from its query (what the funnel report may show). */
export function isSafeSource(value: string): boolean {
  return value.length <= MAX_SOURCE_LENGTH && SOURCE_PATTERN.test(value);
}

export function parseSource(queryValue: QueryValue): QueryResult<string | null> {
  const parsed = single(queryValue, 'source');
  if (!parsed.ok) return parsed;
  const raw = parsed.value?.trim();
  if (!raw) return { ok: true, value: null };
  if (raw.length > MAX_SOURCE_LENGTH) {
    return {
      ok: false,
      message: `The "source" parameter is longer than ${MAX_SOURCE_LENGTH} characters.`,
      reason: { id: 'errors.refusal.sourceTooLong', values: { max: MAX_SOURCE_LENGTH } },
    };
  }
  if (!SOURCE_PATTERN.test(raw)) {
    return {
      ok: false,
      message: 'The "source" parameter may hold only letters, digits and . : ~ + - / | _ = @',
      reason: { id: 'errors.refusal.sourceCharacters' },
    };
  }
  return { ok: true, value: raw };
}

export function parseJourneyMode(query: Record<string, QueryValue>, cookies: Record<string, string | undefined>): QueryResult<JourneyMode> {
  const livemode = parseLivemode(query.livemode, cookies[LIVEMODE_COOKIE]);
  if (!livemode.ok) return livemode;
  const source = parseSource(query.source);
  if (!source.ok) return source;
  return { ok: true, value: { livemode: livemode.value, source: source.value } };
}
