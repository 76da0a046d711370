import type { NextApiRequest, NextApiResponse } from 'next';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { readRawBody } from '@/lib/server/http/rawBody';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { parseCspReports } from './cspReport';
import { CspReportStore } from './CspReportStore';

/** A browser batches a page's reports; this is far above one page's worth. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024;
/** Reports kept per client per window: a broken page reports each blocked load, an abuser no more than this. */
export const CSP_REPORTS_PER_CLIENT = 200;
export const CSP_REPORT_WINDOW_MS = 10 * 60 * 1000;

const REPORT_TYPES = /^application\/(csp-report|reports\+json|json)\b/i;

/**
 * Takes the violation reports browsers send (report-uri and report-to) and keeps them, up
 * to a number per client and window; 204 either way once the body is understood, since
 * a browser neither reads the answer nor retries.
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
  if (violations.length > 0 && (await new RateLimiter(db).allow(`csp-reports:${client}`, CSP_REPORTS_PER_CLIENT, CSP_REPORT_WINDOW_MS))) {
    await new CspReportStore(db).record(violations);
  }
  res.status(204).end();
}
