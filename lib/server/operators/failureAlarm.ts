import * as Sentry from '@sentry/nextjs';

/**
 * Raises the alarm about attacks on operators' sign-in: the server log and the error report
 * both get it, so that whoever watches either sees it.
 */
export type Alarm = (message: string, facts: Record<string, string | number>) => void;

export const logAndReport: Alarm = (message, facts) => {
  console.error(`[operators] ALERT ${message} ${JSON.stringify(facts)}`);
  Sentry.captureMessage(`Operators: ${message}`, { level: 'error', extra: facts });
};
