import { securityAlert } from '@/lib/server/security/securityAlert';

/**
 * Raises the alarm about attacks on operators' sign-in: a line in the server log and an
 * error report (securityAlert), so that whoever watches either sees it.
 */
export type Alarm = (message: string, facts: Record<string, string | number>) => void;

export const logAndReport: Alarm = (message, facts) => securityAlert('operator-sign-in', message, `${message} ${JSON.stringify(facts)}`);
