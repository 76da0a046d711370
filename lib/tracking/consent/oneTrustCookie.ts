import { parseGroupList, type ConsentState } from './consentGroups';

/** OneTrust's record of the visitor's choices, and its mark that they answered the banner. */
export const ONETRUST_CONSENT_COOKIE = 'OptanonConsent';
export const ONETRUST_ANSWERED_COOKIE = 'OptanonAlertBoxClosed';

/**
 * The visitor's answer as OneTrust keeps it, read on the server: decided only once they
 * closed its banner (a region's default groups are not an answer), with the groups it
 * records as on (`groups=C0001:1,C0002:0,…` in the cookie's query-string value).
 */
export function parseOneTrustConsent(consent: string | undefined, answered: string | undefined): ConsentState {
  if (!consent || !answered) return { decided: false };
  let groups: string | null;
  try {
    groups = new URLSearchParams(consent.includes('groups=') ? consent : decodeURIComponent(consent)).get('groups');
  } catch {
    return { decided: false };
  }
  if (groups === null) return { decided: false };
  const on = groups
    .split(',')
    .map((entry) => entry.split(':'))
    .filter(([, flag]) => flag === '1')
    .map(([id]) => id);
  return { decided: true, groups: parseGroupList(on.join(',')) };
}
