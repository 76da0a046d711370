import { loadScriptOnce } from '@/lib/browser/scriptLoader';
import { parseGroupList, type ConsentGroupId } from '@/lib/tracking/consent/consentGroups';

declare global {
  interface Window {
    OptanonWrapper?: () => void;
    OnetrustActiveGroups?: string;
    OneTrust?: { ToggleInfoDisplay?: () => void; OnConsentChanged?: (callback: () => void) => void; IsAlertBoxClosed?: () => boolean };
  }
}

const STUB_URL = 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js';

/**
 * Loads the OneTrust CMP for the consent id and reports its active groups each time it
 * calls `OptanonWrapper` (on load and on every change of the visitor's choices), and
 * whether the visitor has answered (on load, the groups may be the region's defaults). A
 * CMP that cannot load leaves the visitor unanswered. Returns the cleanup.
 */
export function loadOneTrust(consentId: string, onGroups: (groups: Set<ConsentGroupId>, answered: boolean) => void): () => void {
  let active = true;
  const previous = window.OptanonWrapper;
  window.OptanonWrapper = () => {
    previous?.();
    if (active) onGroups(parseGroupList(window.OnetrustActiveGroups), window.OneTrust?.IsAlertBoxClosed?.() ?? true);
  };
  loadScriptOnce(document, STUB_URL, 'The consent manager could not load; tracking stays anonymous.', (script) => {
    script.charset = 'UTF-8';
    script.dataset.domainScript = consentId;
  });
  return () => {
    active = false;
  };
}
