import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConsentBanner } from './ConsentBanner';
import { loadOneTrust } from './oneTrust';
import { trackingModeFor, type ConsentGroupId, type ConsentState, type TrackingMode } from '@/lib/tracking/consent/consentGroups';
import { readStoredConsent, storeConsent } from '@/lib/tracking/consent/consentStore';

export interface ConsentValue {
  state: ConsentState;
  mode: TrackingMode;
  /** The built-in banner's answer (with OneTrust, the CMP decides and this is unused). */
  decide(groups: ReadonlySet<ConsentGroupId>): void;
  /** Opens the choices again (the footer's "Cookie settings"). */
  reopen(): void;
}

const ConsentContext = createContext<ConsentValue | null>(null);

/**
 * Cookie consent (SPEC §1, §4): the configured OneTrust CMP when a consent id is set,
 * otherwise our own banner with the same groups. No answer yet means anonymous tracking.
 */
export function ConsentProvider({ consentId, children }: { consentId: string | null; children: ReactNode }) {
  // Read at once in the browser, so that a returning visitor's events carry the right mode
  // from the first one; nothing rendered depends on it before the effect below runs.
  const [state, setState] = useState<ConsentState>(() => (consentId || typeof window === 'undefined' ? { decided: false } : readStoredConsent()));
  const [bannerOpen, setBannerOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (consentId) return loadOneTrust(consentId, (groups) => setState({ decided: true, groups }));
    const stored = readStoredConsent();
    setState(stored);
    setBannerOpen(!stored.decided);
    setLoaded(true);
    return undefined;
  }, [consentId]);

  const decide = useCallback((groups: ReadonlySet<ConsentGroupId>) => {
    storeConsent(groups);
    setState({ decided: true, groups });
    setBannerOpen(false);
  }, []);
  const reopen = useCallback(() => {
    if (consentId) window.OneTrust?.ToggleInfoDisplay?.();
    else setBannerOpen(true);
  }, [consentId]);

  const value = useMemo<ConsentValue>(() => ({ state, mode: trackingModeFor(state), decide, reopen }), [state, decide, reopen]);
  return (
    <ConsentContext.Provider value={value}>
      {children}
      {!consentId && loaded && bannerOpen && <ConsentBanner current={state} onDecide={decide} />}
    </ConsentContext.Provider>
  );
}

/** The visitor's consent, or null outside the shell's consent provider (pages without tracking). */
export function useConsent(): ConsentValue | null {
  return useContext(ConsentContext);
}
