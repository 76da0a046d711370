import { ERROR_REPORTS_META } from './errorReportsMeta';

/**
 * What the browser needs to report errors, handed over by the server in the page (a meta
 * tag) rather than built into the bundle: one build can then report to any project, or to
 * a test server, by its environment at run time. A DSN is public (it only lets a browser
 * send events), so the server's SENTRY_DSN serves both sides.
 */
export interface ErrorReportsConfig {
  dsn: string;
  appEnv: string;
}

export { ERROR_REPORTS_META };

/** The meta tag's content for the configured DSN and environment; null without a DSN. */
export function errorReportsMetaContent(env: { SENTRY_DSN?: string; APP_ENV: string }): string | null {
  if (!env.SENTRY_DSN) return null;
  const config: ErrorReportsConfig = { dsn: env.SENTRY_DSN, appEnv: env.APP_ENV };
  return JSON.stringify(config);
}

/** Reads the page's meta tag; null when the page carries none or it is not ours. */
export function readErrorReportsConfig(doc: Pick<Document, 'querySelector'>): ErrorReportsConfig | null {
  const content = doc.querySelector(`meta[name="${ERROR_REPORTS_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = JSON.parse(content) as Partial<ErrorReportsConfig>;
    return typeof parsed.dsn === 'string' && typeof parsed.appEnv === 'string' ? { dsn: parsed.dsn, appEnv: parsed.appEnv } : null;
  } catch {
    return null;
  }
}
