import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { CspViolationTable } from '@/lib/server/db/schema';

/** One reported violation as we read it: what was blocked, by which directive, on which page (table csp_violations counts them). */
export type CspViolation = Omit<Selectable<CspViolationTable>, 'id' | 'violation_key' | 'day' | 'count' | 'first_seen' | 'last_seen'>;

const text = z.string().max(4096);
const number = z.number().int().nonnegative().optional();

/** The legacy report-uri format (Content-Type: application/csp-report). */
const legacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'violated-directive': text.optional(),
    'effective-directive': text.optional(),
    'blocked-uri': text.optional(),
    'source-file': text.optional(),
    'line-number': number,
    disposition: z.enum(['enforce', 'report']).optional(),
    'script-sample': text.optional(),
  }),
});

/** The Reporting API format (Content-Type: application/reports+json), a list of reports of any type. */
const reportingApiReports = z.array(z.object({ type: z.string().max(64), body: z.unknown() })).max(100);
const violationBody = z.object({
  documentURL: text,
  effectiveDirective: text.optional(),
  blockedURL: text.optional(),
  sourceFile: text.optional(),
  lineNumber: number,
  disposition: z.enum(['enforce', 'report']).optional(),
  sample: text.optional(),
});

const clip = (value: string, length: number) => (value.length > length ? value.slice(0, length) : value);

/** The page's path only: a query string may hold what a visitor typed or a token. */
function pathOf(url: string): string {
  try {
    return clip(new URL(url).pathname, 300);
  } catch {
    return 'unknown';
  }
}

/** "inline", "eval", "data"… as browsers name them, else the blocked URL's origin (never its path or query). */
function blockedOf(value: string | undefined): string {
  if (!value) return 'unknown';
  if (/^[a-z-]+$/i.test(value)) return clip(value.toLowerCase(), 64);
  try {
    const url = new URL(value);
    return url.origin === 'null' ? clip(url.protocol.replace(':', ''), 64) : clip(url.origin, 300);
  } catch {
    return 'unknown';
  }
}

function sourceOf(file: string | undefined, line: number | undefined): string | null {
  if (!file) return null;
  try {
    const url = new URL(file);
    return clip(`${url.origin}${url.pathname}${line ? `:${line}` : ''}`, 300);
  } catch {
    return null;
  }
}

/** The directive without its sources ("script-src-elem", not "script-src-elem 'self' …"). */
const directiveOf = (value: string | undefined) => clip((value ?? 'unknown').split(' ')[0] ?? 'unknown', 64);
const sampleOf = (value: string | undefined) => (value ? clip(value, 40) : null);

/**
 * The violations in a report body of either format; null when the body is neither (the
 * endpoint's 400). Reports of other types (deprecation, intervention) are dropped.
 */
export function parseCspReports(contentType: string, body: unknown): CspViolation[] | null {
  if (/^application\/reports\+json\b/i.test(contentType)) {
    const parsed = reportingApiReports.safeParse(body);
    if (!parsed.success) return null;
    return parsed.data
      .filter((report) => report.type === 'csp-violation')
      .flatMap((report) => {
        const body = violationBody.safeParse(report.body);
        if (!body.success) return [];
        const violation = body.data;
        return [
          {
            page: pathOf(violation.documentURL),
            directive: directiveOf(violation.effectiveDirective),
            blocked: blockedOf(violation.blockedURL),
            source: sourceOf(violation.sourceFile, violation.lineNumber),
            disposition: violation.disposition ?? 'enforce',
            sample: sampleOf(violation.sample),
          },
        ];
      });
  }
  const parsed = legacyReport.safeParse(body);
  if (!parsed.success) return null;
  const report = parsed.data['csp-report'];
  return [
    {
      page: pathOf(report['document-uri']),
      directive: directiveOf(report['effective-directive'] ?? report['violated-directive']),
      blocked: blockedOf(report['blocked-uri']),
      source: sourceOf(report['source-file'], report['line-number']),
      disposition: report.disposition ?? 'enforce',
      sample: sampleOf(report['script-sample']),
    },
  ];
}
