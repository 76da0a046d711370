import { mergeSources, type CspSources } from './cspSources';

/**
 * How the page's own scripts are recognised. A personal page: a fresh random nonce per
 * response; only scripts carrying it, and what they load ('strict-dynamic'), run. A page a
 * shared cache keeps is the same bytes for everyone, so a nonce in it would be public and
 * protect nothing: there, our script files run by origin ('self'), and the framework's
 * inline scripts by the hash of their exact text; an injected inline script matches neither.
 */
export type ScriptTrust = { nonce: string } | { inlineScriptHashes: readonly string[] };

export interface PolicyInput {
  scripts: ScriptTrust;
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
  /** Who may frame the page: nobody, or our own pages (a preview link's page, in the studio's preview). */
  frameAncestors?: "'none'" | "'self'";
}

/** The group name Reporting-Endpoints declares for report-to. */
export const CSP_REPORT_GROUP = 'csp';

const list = (values: readonly string[]) => values.join(' ');

/** The script-src keywords of a page's own scripts: the nonce and 'strict-dynamic', or hashes. */
function ownScripts(scripts: ScriptTrust): string {
  if ('nonce' in scripts) return `'nonce-${scripts.nonce}' 'strict-dynamic'`;
  return scripts.inlineScriptHashes.map((hash) => `'${hash}'`).join(' ');
}

/**
 * The Content-Security-Policy header of a page. Scripts: nonce + 'strict-dynamic' (CSP 3),
 * with 'self' and the parties' hosts as the fallback of browsers without it; or, on a
 * shared page, hashes + 'self' + the parties' hosts (ScriptTrust). No plugins, no <base>
 * (a base tag could send our relative scripts elsewhere), no framing by anyone but, for a
 * preview link's page, our own studio.
 * Styles allow inline: React and the payment providers' frames set style attributes.
 */
export function contentSecurityPolicy({
  scripts,
  sources,
  reportPath,
  reportTo,
  development,
  frameAncestors = "'none'",
}: PolicyInput): string {
  const merged = mergeSources(sources);
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', `${ownScripts(scripts)} 'self' ${list(merged.script)}${development ? " 'unsafe-eval'" : ''}`],
    ['style-src', `'self' 'unsafe-inline' ${list(merged.style)}`],
    ['img-src', `'self' data: ${list(merged.img)}`],
    ['font-src', `'self' data: ${list(merged.font)}`],
    ['connect-src', `'self' ${list(merged.connect)}${development ? ' ws:' : ''}`],
    ['frame-src', merged.frame.length ? list(merged.frame) : "'none'"],
    ['form-action', `'self' ${list(merged.formAction)}`],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', frameAncestors],
    ['report-uri', reportPath],
    ...(reportTo ? [['report-to', CSP_REPORT_GROUP] as [string, string]] : []),
  ];
  return directives.map(([name, value]) => `${name} ${value.trim()}`).join('; ');
}
