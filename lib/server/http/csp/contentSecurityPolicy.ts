import { mergeSources, type CspSources } from './cspSources';

export interface PolicyInput {
  /** A fresh random value per response: only scripts carrying it (and what they load) run. */
  nonce: string;
  /** Every party the page may use (payment methods, consent manager, tracking…). */
  sources: readonly CspSources[];
  /** Our endpoint that stores violation reports (report-uri). */
  reportPath: string;
  /**
   * Whether browsers may also use the Reporting API (report-to, group "csp"): only on an
   * https site, whose endpoint they accept. Chrome then ignores report-uri and sends the
   * reports in batches; over http it would drop them, so report-uri alone is sent there.
   */
  reportTo: boolean;
  /** next dev evaluates modules with eval (React Refresh); a production build never does. */
  development: boolean;
}

/** The group name Reporting-Endpoints declares for report-to. */
export const CSP_REPORT_GROUP = 'csp';

const list = (values: readonly string[]) => values.join(' ');

/**
 * The Content-Security-Policy header of a page. Scripts: nonce + 'strict-dynamic' (CSP 3);
 * 'self' and the parties' hosts are the fallback of browsers without it. No plugins, no
 * <base> (a base tag could send our relative scripts elsewhere), no framing by anyone.
 * Styles allow inline: React and the payment providers' frames set style attributes.
 */
export function contentSecurityPolicy({ nonce, sources, reportPath, reportTo, development }: PolicyInput): string {
  const merged = mergeSources(sources);
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', `'nonce-${nonce}' 'strict-dynamic' 'self' ${list(merged.script)}${development ? " 'unsafe-eval'" : ''}`],
    ['style-src', `'self' 'unsafe-inline' ${list(merged.style)}`],
    ['img-src', `'self' data: ${list(merged.img)}`],
    ['font-src', `'self' data: ${list(merged.font)}`],
    ['connect-src', `'self' ${list(merged.connect)}${development ? ' ws:' : ''}`],
    ['frame-src', merged.frame.length ? list(merged.frame) : "'none'"],
    ['form-action', `'self' ${list(merged.formAction)}`],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
    ['report-uri', reportPath],
    ...(reportTo ? [['report-to', CSP_REPORT_GROUP] as [string, string]] : []),
  ];
  return directives.map(([name, value]) => `${name} ${value.trim()}`).join('; ');
}
