import { loadScriptOnce } from '@/lib/browser/scriptLoader';
import { parseGroupList, type ConsentGroupId } from '@/lib/tracking/consent/consentGroups';

declare global {
  interface Window {
    OptanonWrapper?: () => void;
    OnetrustActiveGroups?: string;
    OneTrust?: { ToggleInfoDisplay?: () => void; OnConsentChanged?: (callback: () => void) => void };
  }
}

const STUB_URL = 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js';

/**
 * Loads the OneTrust CMP for the consent id and reports its active groups each time it
 * calls `OptanonWrapper` (on load and on every change of the visitor's choices). A CMP
 * that cannot load leaves the visitor in anonymous tracking. Returns the cleanup.
 */
export function loadOneTrust(consentId: string, onGroups: (groups: Set<ConsentGroupId>) => void): () => void {
  let active = true;
  const previous = window.OptanonWrapper;
  window.OptanonWrapper = () => {
    previous?.();
    if (active) onGroups(parseGroupList(window.OnetrustActiveGroups));
  };
  loadScriptOnce(document, STUB_URL, 'The consent manager could not load; tracking stays anonymous.', (script) => {
    script.charset = 'UTF-8';
    script.dataset.domainScript = consentId;
  });
  return () => {
    active = false;
  };
}
