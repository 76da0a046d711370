import * as Sentry from '@sentry/nextjs';

/**
 * Tells the operators of work the background jobs gave up on and a person must finish (a
 * provider refusing for good): a line in the server log and an error report, grouped by
 * `kind` and `key` as securityAlert's are, so that each case is an issue of its own.
 * Ids and counts only in `message`: the log and the report are no place for addresses.
 */
export function operatorAlert(kind: string, key: string, message: string): void {
  console.error(`[operations] ${kind}: ${message}`);
  Sentry.captureMessage(`${kind}: ${message}`, {
    level: 'warning',
    fingerprint: ['operator-alert', kind, key],
    tags: { operator_alert: kind },
  });
}
