import { followVisitorConsent } from '@/lib/experiments/visitorCookie';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConsentBanner } from './ConsentBanner';
import {
  trackingConsentFor,
  type ConsentGroupId,
  type ConsentPolicy,
  type ConsentState,
  type TrackingConsent,
} from '@/lib/tracking/consent/consentGroups';
import { storeConsent } from '@/lib/tracking/consent/consentStore';

export interface ConsentValue {
  state: ConsentState;
  /** What tracking may do (and its mode, anonymous or full), under the deployment's consent policy. */
  tracking: TrackingConsent;
  /** Whether the built-in banner is showing (never with OneTrust, whose CMP shows its own). */
  bannerOpen: boolean;
  /** Whether the visitor opened it ("Cookie settings"), rather than it being shown unasked. */
  bannerRequested: boolean;
  /** The built-in banner's answer (with OneTrust, the CMP decides and this is unused). */
  decide(groups: ReadonlySet<ConsentGroupId>): void;
  /** Opens the choices again (the footer's "Cookie settings"). */
  reopen(): void;
}

const ConsentContext = createContext<ConsentValue | null>(null);

interface ConsentProviderProps {
  consentId: string | null;
  /** The deployment's consent policy (CONSENT_POLICY); anonymous-first unless set. */
  policy?: ConsentPolicy;
  initial: ConsentState;
  children: ReactNode;
}

/**
 * Cookie consent (SPEC §1, §4): the configured OneTrust CMP when a consent id is set,
 * otherwise our own banner with the same groups. No answer yet means anonymous tracking,
 * or, under the strict policy, none at all (trackingConsentFor).
 * The server reads the consent cookie too and hands it over as `initial`, so the first
 * render, the banner included, is the same on both sides: no flash, no layout shift.
 */
export function ConsentProvider({ consentId, policy = 'anonymous-first', initial, children }: ConsentProviderProps) {
  const [state, setState] = useState<ConsentState>(consentId ? { decided: false } : initial);
  const [bannerOpen, setBannerOpen] = useState(!consentId && !initial.decided);
  const [bannerRequested, setBannerRequested] = useState(false);
  // Whether the OneTrust visitor answered its banner: a region's default groups are no consent to keep an id.
  const [oneTrustAnswered, setOneTrustAnswered] = useState(false);

  useEffect(() => {
    if (!consentId) return undefined;
    // The CMP's loader is fetched only where a consent id is configured.
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('./oneTrust').then(
      ({ loadOneTrust }) => {
        if (!cancelled) {
          // Under the strict policy, the region's default groups are not an answer.
          stop = loadOneTrust(consentId, (groups, answered) => {
            setOneTrustAnswered(answered);
            setState(policy === 'strict' && !answered ? { decided: false } : { decided: true, groups });
          });
        }
      },
      (error: unknown) => console.error('The consent manager could not load; tracking stays anonymous.', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [consentId, policy]);

  const decide = useCallback((groups: ReadonlySet<ConsentGroupId>) => {
    storeConsent(groups);
    setState({ decided: true, groups });
    setBannerOpen(false);
  }, []);
  const reopen = useCallback(() => {
    if (consentId) window.OneTrust?.ToggleInfoDisplay?.();
    else {
      setBannerOpen(true);
      setBannerRequested(true);
    }
  }, [consentId]);

  // The experiments' visitor id lives and dies with the consent to analytics.
  useEffect(
    () => followVisitorConsent(consentId && !oneTrustAnswered ? { decided: false } : state, !consentId),
    [state, consentId, oneTrustAnswered],
  );

  const tracking = useMemo(() => trackingConsentFor(state, policy), [state, policy]);
  const value = useMemo<ConsentValue>(
    () => ({ state, tracking, bannerOpen, bannerRequested, decide, reopen }),
    [state, tracking, bannerOpen, bannerRequested, decide, reopen],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

/** The visitor's consent, or null outside the shell's consent provider (pages without tracking). */
export function useConsent(): ConsentValue | null {
  return useContext(ConsentContext);
}

/**
 * Where the page shows the built-in banner: at the top of the page, in its flow, so that it
 * never covers the offer's or the payment button. Shown unasked it does not take focus;
 * opened from "Cookie settings" it does, so that the visitor sees it.
 */
export function ConsentBannerSlot() {
  const consent = useConsent();
  if (!consent?.bannerOpen) return null;
  return <ConsentBanner current={consent.state} onDecide={consent.decide} takeFocus={consent.bannerRequested} />;
}
