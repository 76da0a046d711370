import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { collectorOrigin } from '@/lib/tracking/collectorUrl';
import { enabledServerMethods } from '@/lib/server/payments/methodRegistry';
import { contentSecurityPolicy, CSP_REPORT_GROUP, type ScriptTrust } from './contentSecurityPolicy';
import type { CspSources } from './cspSources';
import { CONSENT_MANAGER_SOURCES, originOf, TAG_MANAGER_SOURCES } from './thirdPartySources';

/** Where browsers send violation reports: our endpoint (pages/api/csp-reports.ts). */
export const CSP_REPORT_PATH = '/api/csp-reports';

export interface PageContext {
  /** A payment page: payment providers allowed, tag manager and martech library not. */
  paymentPage: boolean;
  /** The page's host and protocol, for a collector origin derived from them. */
  host: string;
  protocol: 'http' | 'https';
  /** A preview link's page: the studio's preview page (same origin) may frame it. */
  framedBySelf?: boolean;
  /** The studio's preview page: it frames our own preview link's pages. */
  framesSelf?: boolean;
}

/** Every party a page may run or reach, as configured: nothing is allowed for what is not set up. */
export function pageParties(env: ServerEnv, page: PageContext, sentryDsn: string | undefined): CspSources[] {
  const tracking: CspSources = {
    connect: [
      originOf(env.FUNNEL_URL),
      originOf(env.SEGMENTATION_URL),
      originOf(env.SCHEMA_INSPECTOR_URL),
      env.ANALYTICS_COLLECTOR_URL ? collectorOrigin(env.ANALYTICS_COLLECTOR_URL, page.host, page.protocol) : null,
      originOf(sentryDsn),
    ].filter((origin): origin is string => origin !== null),
  };
  const parties: CspSources[] = [tracking];
  if (page.framesSelf) parties.push({ frame: ["'self'"] });
  if (env.ONETRUST_CONSENT_ID) parties.push(CONSENT_MANAGER_SOURCES);
  if (page.paymentPage) {
    for (const method of enabledServerMethods(env)) parties.push(method.cspSources(env));
  } else {
    // Marketing code never gets near card data (PCI DSS 6.4.3): allowed off the payment pages only.
    if (env.TAG_MANAGER_ID) parties.push(TAG_MANAGER_SOURCES);
    const martech = originOf(env.MARTECH_LIBRARY_SRC);
    if (martech) parties.push({ script: [martech], connect: [martech] });
  }
  return parties;
}

/** The headers that carry a page's policy: the CSP itself, and where report-to sends reports. */
export function pageSecurityHeaders(env: ServerEnv, page: PageContext, scripts: ScriptTrust): Record<string, string> {
  const sources = pageParties(env, page, env.SENTRY_DSN);
  const https = page.protocol === 'https';
  const policy = contentSecurityPolicy({
    scripts,
    sources,
    reportPath: CSP_REPORT_PATH,
    reportTo: https,
    development: process.env.NODE_ENV === 'development',
    frameAncestors: page.framedBySelf ? "'self'" : "'none'",
  });
  // next.config.js says DENY on every answer; a page our studio frames says so in both headers.
  const framing: Record<string, string> = page.framedBySelf ? { 'X-Frame-Options': 'SAMEORIGIN' } : {};
  if (!https) return { 'Content-Security-Policy': policy, ...framing };
  return {
    'Content-Security-Policy': policy,
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="https://${page.host}${CSP_REPORT_PATH}"`,
    ...framing,
  };
}
