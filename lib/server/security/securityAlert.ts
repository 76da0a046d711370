import * as Sentry from '@sentry/nextjs';

/**
 * Tells the operators of something that needs a look (a new script-tampering report, an
 * address flooded with sign-in links): a line in the server log and an error report, grouped
 * by `kind` and `key` so that each new case is an issue of its own and repeats of one are not.
 */
export function securityAlert(kind: string, key: string, message: string): void {
  console.error(`[security] ${kind}: ${message}`);
  Sentry.captureMessage(`${kind}: ${message}`, {
    level: 'warning',
    fingerprint: ['security-alert', kind, key],
    tags: { security_alert: kind },
  });
}
