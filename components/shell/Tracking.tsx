import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { useOptionalCheckoutConfig, type CheckoutConfig } from './CheckoutConfig';
import { useConsent } from './Consent';
import { trackingConsentFor } from '@/lib/tracking/consent/consentGroups';
import { buildPageLoad } from '@/lib/tracking/events';
import type { ActionHandlers } from '@/lib/tracking/actionBinding';
import { recordEarlyActions, type EarlyAction } from '@/lib/tracking/earlyActions';
import type { StartedTracking } from '@/lib/tracking/startTracking';
import { holdEvents, track, type HeldEvents } from '@/lib/tracking/track';
import { pageContext } from '@/lib/tracking/useTrackOnce';

/** Outside the consent provider (it wraps every journey page): SPEC §4's anonymous default. */
const NO_CONSENT_PROVIDER = trackingConsentFor({ decided: false }, 'anonymous-first');

/**
 * Analytics and marketing-event tracking on journey pages (SPEC §1). None on a preview
 * link's pages: what a marketer or a colleague does there is nobody's visit, and no event
 * of it reaches the funnel, the collector, segmentation or the tag manager.
 */
export function TrackingProvider({ children }: { children: ReactNode }) {
  const preview = useOptionalCheckoutConfig()?.flow.preview !== undefined;
  return preview ? <>{children}</> : <JourneyTracking>{children}</JourneyTracking>;
}

/**
 * A page-load event for every page, the delivery pipeline (DESIGN §6) switched between
 * anonymous and full by consent, and the `data-martech-actions` bindings.
 */
function JourneyTracking({ children }: { children: ReactNode }) {
  const config = useOptionalCheckoutConfig();
  const consent = useConsent()?.tracking ?? NO_CONSENT_PROVIDER;
  const router = useRouter();
  const latest = useRef(config);
  latest.current = config;
  const campaignId = config?.flow.campaignId ?? null;
  const livemode = config?.mode.livemode ?? null;
  const page = router.asPath.split(/[?#]/)[0];

  // A layout effect, so that the page load comes before the steps' own events; once per
  // page, not again on strict mode's second run.
  const loaded = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!campaignId || loaded.current === `${campaignId}${page}`) return;
    loaded.current = `${campaignId}${page}`;
    track(buildPageLoad(pageContext(campaignId)));
  }, [campaignId, page]);

  const tracking = useRef<StartedTracking | null>(null);
  const current = useRef(consent);
  current.current = consent;
  // The mode the page was shown in: consent withdrawn before tracking starts still counts.
  const [pageMode] = useState(consent.mode);
  useEffect(() => {
    if (!latest.current) return undefined;
    let started: StartedTracking | null = null;
    let cancelled = false;
    // The delivery code loads after hydration; until it runs, events wait in track()'s buffer.
    import('@/lib/tracking/startTracking').then(
      ({ startTracking }) => {
        if (cancelled || !latest.current) return;
        started = startTracking(latest.current, current.current, latest as { current: CheckoutConfig }, pageMode);
        tracking.current = started;
      },
      (error: unknown) => console.error('Tracking could not start: its code did not load.', error),
    );
    return () => {
      cancelled = true;
      tracking.current = null;
      started?.stop();
    };
    // A new campaign or mode starts a new pipeline (pageMode never changes); consent changes are applied below.
  }, [campaignId, livemode, pageMode]);

  // Each page's markup is bound once the binder's code has loaded, then followed as the DOM
  // changes; what the visitor clicks or hovers before then is recorded and replayed, even when
  // that click took them to another page. Funnel actions go through track(), which holds them
  // until delivery starts; segment and analytics actions need its destinations, so one fired in
  // the first moment of a page, before they load, is not sent (the journey's own markup binds
  // only funnel actions).
  useEffect(() => {
    if (!campaignId) return undefined;
    // Once an action is recorded, later events wait behind it until the binder has described
    // it: a quick click's own add-to-cart does not overtake the click (track.ts holdEvents).
    let hold: HeldEvents | null = null;
    const release = () => {
      hold?.release();
      hold = null;
    };
    const recorder = recordEarlyActions(document, () => (hold ??= holdEvents()));
    const handlers: ActionHandlers = {
      funnel: (event) => (hold ? hold.ahead(event) : track(event)),
      segment: (operation, segment) => tracking.current?.actions.segment(operation, segment),
      analytics: (name, data) => tracking.current?.actions.analytics(name, data),
    };
    let stop: (() => void) | null = null;
    let left = false;
    /** What was recorded on this page, taken when it is left before the binder arrived. */
    let recordedBeforeLeaving: EarlyAction[] | null = null;
    import('@/lib/tracking/actionBinding').then(
      ({ replayEarlyActions, startActionBinding }) => {
        const early = recordedBeforeLeaving ?? recorder.stop();
        if (left) replayEarlyActions(early, handlers, campaignId);
        else stop = startActionBinding(document, handlers, { campaignId, early });
        release();
      },
      (error: unknown) => {
        recorder.stop();
        release();
        console.error('Tracking could not bind the page: its code did not load.', error);
      },
    );
    return () => {
      left = true;
      // The next page records its own: this one stops now, so nothing is counted twice.
      recordedBeforeLeaving ??= recorder.stop();
      stop?.();
    };
  }, [campaignId, livemode, page]);

  // Consent changes are applied by the started tracking (lib/tracking/consentChanges.ts); it
  // starts in the mode of the moment, so a change before it has loaded is not lost.
  useEffect(() => {
    tracking.current?.setConsent(consent);
  }, [consent]);

  return <>{children}</>;
}
