import { sha256 } from '@/lib/server/ids';

/** What makes two reports the same violation. */
export interface ViolationIdentity {
  directive: string;
  blocked: string;
  page: string;
  /** The script that tried, as file:line (the line does not tell violations apart: a forger could vary it at will). */
  source: string | null;
  disposition: string;
}

/** The source's file: its origin and path, without the line number. */
export const sourceFile = (source: string | null) => (source ? source.replace(/:\d+$/, '') : '');

/** One violation's key (csp_violations.violation_key): the directive, the blocked origin, the page, the source file and the disposition. */
export function cspViolationKey(violation: ViolationIdentity): string {
  return sha256(
    JSON.stringify([violation.directive, violation.blocked, violation.page, sourceFile(violation.source), violation.disposition]),
  );
}
