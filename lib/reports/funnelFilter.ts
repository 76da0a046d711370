/**
 * The funnel report's filter, read from the page's query: `from` and `to` (YYYY-MM-DD,
 * UTC days, both inclusive; the last 30 days by default), `campaign` (optional),
 * `mode` (all | live | test; live by default, because test-mode traffic is QA's and would
 * blur the conversions marketers act on), `source` (optional: the visits, orders and
 * experiment visitors of one source) and `variant` (optional, A to D: the experiment
 * tables' rows only). Empty values mean the default, as a GET form sends every field. A
 * bad value is refused with a message saying what is wrong.
 */
import { VARIANT_KEYS, isVariantKey, type VariantKey } from '@/lib/experiments/experiment';
import { isSafeSource, type ParseResult, type QueryValue } from '@/lib/journey/query';
import type { ReportRange } from './funnelReport';

export const REPORT_MODES = ['all', 'live', 'test'] as const;
export type ReportMode = (typeof REPORT_MODES)[number];

export interface FunnelFilter extends ReportRange {
  campaignId: string | null;
  mode: ReportMode;
  /**
   * One variant of the experiments (issue 41): their tables show only its row; null or left
   * out, every variant. Nothing else is narrowed by it: the funnel, orders and subscriptions
   * above count every visitor, enrolled or not. Optional because the other tables' reads take
   * a filter without it.
   */
  variant?: VariantKey | null;
  /**
   * One source, as the journey took it from `?source=` (free text, formula-like ones
   * included): the funnel, orders and experiments count only its visits and orders; null or
   * left out, every source. Subscriptions and promo codes are not split by source.
   */
  source?: string | null;
}

export const DEFAULT_RANGE_DAYS = 30;
export const DEFAULT_MODE: ReportMode = 'live';
/** A longer period reads more rows than a page render should; a year is enough to compare seasons. */
export const MAX_RANGE_DAYS = 366;
/** As campaign ids are written in the catalogue (lib/catalogue/catalogueFile.ts). */
const CAMPAIGN_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The UTC day of an instant, as YYYY-MM-DD. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The day after a YYYY-MM-DD day: the exclusive end of a period that includes `day`. */
export function nextDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS));
}

function isRealDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2025-02-30 over to March; a real day survives the round trip.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function single(value: QueryValue, name: string): ParseResult<string | null> {
  if (Array.isArray(value)) {
    if (value.length > 1) return { ok: false, message: `The "${name}" parameter appears more than once.` };
    value = value[0];
  }
  const trimmed = value?.trim();
  return { ok: true, value: trimmed ? trimmed : null };
}

function day(value: QueryValue, name: 'from' | 'to', fallback: string): ParseResult<string> {
  const parsed = single(value, name);
  if (!parsed.ok) return parsed;
  if (parsed.value === null) return { ok: true, value: fallback };
  if (!isRealDay(parsed.value))
    return { ok: false, message: `The "${name}" date must be a day written as YYYY-MM-DD, such as 2025-03-31.` };
  return { ok: true, value: parsed.value };
}

/** The last 30 days up to and including today (UTC). */
export function defaultRange(now: Date): ReportRange {
  return { from: utcDay(new Date(now.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS)), to: utcDay(now) };
}

export function parseFunnelFilter(query: Record<string, QueryValue>, now: Date): ParseResult<FunnelFilter> {
  const defaults = defaultRange(now);
  const from = day(query.from, 'from', defaults.from);
  if (!from.ok) return from;
  const to = day(query.to, 'to', defaults.to);
  if (!to.ok) return to;
  if (from.value > to.value) return { ok: false, message: 'The "from" date must not be after the "to" date.' };
  const days = (Date.parse(to.value) - Date.parse(from.value)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return { ok: false, message: `The period may span at most ${MAX_RANGE_DAYS} days; this one spans ${days}.` };

  const campaign = single(query.campaign, 'campaign');
  if (!campaign.ok) return campaign;
  if (campaign.value !== null && !CAMPAIGN_ID_PATTERN.test(campaign.value)) {
    return { ok: false, message: 'The "campaign" parameter must be a campaign id: 1 to 64 letters, digits, "_" or "-".' };
  }

  const mode = single(query.mode, 'mode');
  if (!mode.ok) return mode;
  if (mode.value !== null && !(REPORT_MODES as readonly string[]).includes(mode.value)) {
    return { ok: false, message: 'The "mode" parameter must be "all", "live" or "test".' };
  }

  const variant = single(query.variant, 'variant');
  if (!variant.ok) return variant;
  if (variant.value !== null && !isVariantKey(variant.value)) {
    return { ok: false, message: `The "variant" parameter must be a variant letter: ${VARIANT_KEYS.join(', ')}.` };
  }
  const source = single(query.source, 'source');
  if (!source.ok) return source;
  if (source.value !== null && !isSafeSource(source.value)) {
    return { ok: false, message: 'The "source" parameter may hold only letters, digits and . : ~ + - / | _ = @ (at most 200 characters).' };
  }
  return {
    ok: true,
    value: {
      from: from.value,
      to: to.value,
      campaignId: campaign.value,
      mode: (mode.value as ReportMode | null) ?? DEFAULT_MODE,
      variant: variant.value,
      source: source.value,
    },
  };
}

/** The livemode column's value a mode keeps, or null for both. */
export function livemodeFilter(mode: ReportMode): 0 | 1 | null {
  return mode === 'all' ? null : mode === 'live' ? 1 : 0;
}

/**
 * The filter as the query parseFunnelFilter reads (every field it sets; none it left at
 * "every"), so that a link elsewhere (the CSV) covers the same report the page shows.
 */
export function funnelFilterQuery(filter: FunnelFilter): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.campaignId !== null) query.set('campaign', filter.campaignId);
  query.set('mode', filter.mode);
  if (filter.variant) query.set('variant', filter.variant);
  if (filter.source) query.set('source', filter.source);
  return query.toString();
}
