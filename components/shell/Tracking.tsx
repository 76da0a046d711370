import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { useOptionalCheckoutConfig, type CheckoutConfig } from './CheckoutConfig';
import { useConsent } from './Consent';
import { loadScriptOnce } from '@/lib/browser/scriptLoader';
import { startActionBinding } from '@/lib/tracking/actionBinding';
import { collectorOrigin } from '@/lib/tracking/collectorUrl';
import type { TrackingMode } from '@/lib/tracking/consent/consentGroups';
import { createAnalyticsDestination } from '@/lib/tracking/destinations/analyticsDestination';
import { createDataLayerDestination } from '@/lib/tracking/destinations/dataLayerDestination';
import { createFunnelDestination } from '@/lib/tracking/destinations/funnelDestination';
import { createInspectorDestination } from '@/lib/tracking/destinations/inspectorDestination';
import { createSegmentationDestination } from '@/lib/tracking/destinations/segmentationDestination';
import { buildPageLoad } from '@/lib/tracking/events';
import { createFunnelClient, funnelRequestUrl } from '@/lib/tracking/funnelClient';
import { createPipeline } from '@/lib/tracking/pipeline';
import { createSchemaInspector } from '@/lib/tracking/schemaInspector';
import { createSegmentationClient } from '@/lib/tracking/segmentation';
import { attachPipeline, track } from '@/lib/tracking/track';
import { forgetTracingSession, pageViewSessionId, storedTracingSessionId } from '@/lib/tracking/tracingSession';
import { pageContext } from '@/lib/tracking/useTrackOnce';

/**
 * The session id events carry. With consent to store, the tracing id kept in session
 * storage, which starts as this page view's id so the visit reads as one; without it,
 * the page view's own id and nothing stored.
 */
function sessionIdFor(mode: TrackingMode): string {
  return mode === 'full' ? storedTracingSessionId() : pageViewSessionId();
}

function startTracking(config: CheckoutConfig, initialMode: TrackingMode, latest: { current: CheckoutConfig }) {
  const { tracking, mode } = config;
  const funnel = createFunnelClient({ url: tracking.funnel.url, apiKey: tracking.funnel.apiKey, livemode: mode.livemode });
  const inspector = createSchemaInspector({ url: funnelRequestUrl(tracking.inspectorUrl, tracking.funnel.apiKey, true), appEnv: tracking.appEnv });
  const segmentation = createSegmentationClient(tracking.segmentationUrl, undefined, mode.livemode);
  const analytics = createAnalyticsDestination({
    collectorOrigin: collectorOrigin(tracking.collectorUrl, window.location.host, window.location.protocol),
    initialMode,
    pageContext: () => ({ campaignId: latest.current.flow.campaignId, livemode: latest.current.mode.livemode, source: latest.current.mode.source }),
  });
  const pipeline = createPipeline({
    initialMode,
    destinations: [
      createFunnelDestination(funnel),
      analytics,
      createInspectorDestination(inspector),
      createSegmentationDestination(segmentation),
      createDataLayerDestination({ win: window, trackingId: tracking.trackingId }),
    ],
    context: (currentMode) => ({
      sessionId: sessionIdFor(currentMode),
      source: latest.current.mode.source,
      livemode: latest.current.mode.livemode,
      page: window.location.pathname,
    }),
  });
  const detach = attachPipeline(pipeline);
  /** Binds the page's `data-martech-actions` at once (a new page's buttons are bound before a quick click). */
  const bindPage = () =>
    startActionBinding(
      document,
      {
        funnel: track,
        // A segment targets the visitor: only with their consent.
        segment: (operation, segment) => {
          if (pipeline.mode() === 'full') void segmentation.apply(operation, segment);
        },
        analytics: (name, data) => analytics.trackSchemaEvent(name, data),
      },
      { campaignId: config.flow.campaignId },
    );
  // The inspector batches for 30 s: what waits leaves when the page goes away.
  const flushInspector = () => void inspector.flush();
  window.addEventListener('pagehide', flushInspector);
  const stop = () => {
    window.removeEventListener('pagehide', flushInspector);
    detach();
    void funnel.stop();
    void inspector.stop();
  };
  return { pipeline, bindPage, stop };
}

/**
 * Analytics and marketing-event tracking on journey pages (SPEC §1): a page-load event for
 * every page, the delivery pipeline (DESIGN §6) switched between anonymous and full by
 * consent, and the `data-martech-actions` bindings.
 */
export function TrackingProvider({ children }: { children: ReactNode }) {
  const config = useOptionalCheckoutConfig();
  const consentMode = useConsent()?.mode ?? 'anonymous';
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

  const tracking = useRef<ReturnType<typeof startTracking> | null>(null);
  useEffect(() => {
    if (!latest.current) return undefined;
    const started = startTracking(latest.current, consentMode, latest as { current: CheckoutConfig });
    tracking.current = started;
    return () => {
      tracking.current = null;
      started.stop();
    };
    // A new campaign or mode starts a new pipeline; consent changes are applied below.
  }, [campaignId, livemode]);

  // Each page's elements are scanned as soon as it is shown, then followed as the DOM changes.
  useEffect(() => tracking.current?.bindPage(), [campaignId, livemode, page]);

  const previousMode = useRef(consentMode);
  useEffect(() => {
    const withdrawn = previousMode.current === 'full' && consentMode === 'anonymous';
    previousMode.current = consentMode;
    tracking.current?.pipeline.setMode(consentMode);
    // The group's martech library (SPEC §3 page environment) is marketing code: targeting consent only.
    const martech = latest.current?.tracking.martechLibrarySrc;
    if (consentMode === 'full' && martech) loadScriptOnce(document, martech, 'The martech library could not load.');
    if (!withdrawn) return;
    // Withdrawn consent: the tracing id kept for this tab goes, later events carry a new id,
    // and third-party marketing code already running (its tags, its cookies) goes with a fresh page.
    forgetTracingSession();
    if (latest.current?.tracking.trackingId || latest.current?.tracking.martechLibrarySrc) window.location.reload();
  }, [consentMode]);

  return <>{children}</>;
}
