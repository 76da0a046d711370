import { LIMITS_PATH } from '@/lib/operators/operatorPaths';

/** What a test-mode refusal adds, so that QA knows the way out; a live buyer is not sent to the back office. */
export const LIFT_HINT = `In test mode, an admin or customer care operator can lift this limit on ${LIMITS_PATH}.`;

/** A limit's refusal in the request's mode: in test mode with LIFT_HINT after it, in live mode as it is. */
export const withLiftHint = (message: string, livemode: boolean): string => (livemode ? message : `${message} ${LIFT_HINT}`);
