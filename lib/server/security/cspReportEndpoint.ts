import type { NextApiRequest, NextApiResponse } from 'next';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { readRawBody } from '@/lib/server/http/rawBody';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { parseCspReports, type CspViolation } from './cspReport';
import { CspReportStore } from './CspReportStore';
import { cspViolationKey } from './cspViolationKey';
import { securityAlert } from './securityAlert';

/** A browser batches a page's reports; this is far above one page's worth. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024;
/** Reports kept per client per window: a broken page reports each blocked load, an abuser no more than this. */
export const CSP_REPORTS_PER_CLIENT = 200;
export const CSP_REPORT_WINDOW_MS = 10 * 60 * 1000;
/**
 * Violations never seen before that one client may add per hour (each alerts): a broken
 * release shows a few new ones per page, a forger inventing violations to drown a real one no more than this.
 */
export const CSP_NEW_VIOLATIONS_PER_CLIENT = 20;
export const CSP_NEW_VIOLATIONS_WINDOW_MS = 60 * 60 * 1000;

/** What a new violation's alert says; every part quoted, since a report's text is whatever its sender chose. */
function describe(violation: CspViolation): string {
  const quoted = (value: string) => JSON.stringify(value);
  const from = violation.source ? ` from ${quoted(violation.source)}` : '';
  const reported = violation.disposition === 'report' ? ' (report-only)' : '';
  return `new Content-Security-Policy violation on ${quoted(violation.page)}: ${quoted(violation.directive)} blocked ${quoted(violation.blocked)}${from}${reported}`;
}

const REPORT_TYPES = /^application\/(csp-report|reports\+json|json)\b/i;

/**
 * Takes the violation reports browsers send (report-uri and report-to) and counts them per
 * violation, up to a number of reports per client and window; each violation never seen
 * before alerts the operators (PCI DSS 11.6.1), up to a number per client and hour. 204
 * either way once the body is understood, since a browser neither reads the answer nor retries.
 */
export async function receiveCspReports(req: NextApiRequest, res: NextApiResponse, db: Kysely<Database>, client: string): Promise<void> {
  const contentType = req.headers['content-type'] ?? '';
  if (!REPORT_TYPES.test(contentType)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send reports as application/csp-report or application/reports+json.');
  }
  const body = (await readRawBody(req, CSP_REPORT_MAX_BYTES)).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The report is not valid JSON.');
  }
  const violations = parseCspReports(contentType, parsed);
  if (!violations) throw new HttpError(400, 'invalid_report', 'The body is not a Content-Security-Policy violation report.');
  const limiter = new RateLimiter(db);
  if (violations.length > 0 && (await limiter.allow(`csp-reports:${client}`, CSP_REPORTS_PER_CLIENT, CSP_REPORT_WINDOW_MS))) {
    const admitNew = () => limiter.allow(`csp-new:${client}`, CSP_NEW_VIOLATIONS_PER_CLIENT, CSP_NEW_VIOLATIONS_WINDOW_MS);
    for (const violation of await new CspReportStore(db).record(violations, admitNew)) {
      securityAlert('csp-violation', cspViolationKey(violation), describe(violation));
    }
  }
  res.status(204).end();
}
