import type { ExperimentMark } from '@/lib/experiments/experiment';
import { afterNextPaint } from '@/lib/browser/afterNextPaint';
import type { PublicTrackingEnv } from '@/lib/config/publicEnv';
import type { JourneyMode } from '@/lib/journey/query';
import type { ActionHandlers } from './actionBinding';
import { collectorOrigin } from './collectorUrl';
import { followConsent } from './consentChanges';
import type { TrackingConsent, TrackingMode } from './consent/consentGroups';
import { createAnalyticsDestination } from './destinations/analyticsDestination';
import { createDataLayerDestination } from './destinations/dataLayerDestination';
import { createFunnelDestination } from './destinations/funnelDestination';
import { createInspectorDestination } from './destinations/inspectorDestination';
import { createSegmentationDestination } from './destinations/segmentationDestination';
import { createFunnelClient, funnelRequestUrl } from './funnelClient';
import { createPipeline } from './pipeline';
import { createSchemaInspector } from './schemaInspector';
import { createSegmentationClient } from './segmentation';
import { attachPipeline } from './track';
import { pageViewSessionId, storedTracingSessionId } from './tracingSession';

/**
 * The delivery side of tracking: the pipeline and its destinations. It is loaded after the
 * page has hydrated (components/shell/Tracking.tsx imports it dynamically): events emitted
 * meanwhile, a quick click included (the shell binds the page's actions at once), wait in
 * track()'s buffer with the page they happened on, so nothing is lost and none of this
 * code weighs on the page's first load.
 */

/** What a journey page tells tracking: its campaign, the visitor's mode and where events go. */
export interface TrackingPageConfig {
  flow: { campaignId: string; experiment?: ExperimentMark };
  mode: JourneyMode;
  tracking: PublicTrackingEnv;
}

/**
 * The session id events carry. With consent to store, the tracing id kept in session
 * storage, which starts as this page view's id so the visit reads as one; without it,
 * the page view's own id and nothing stored.
 */
function sessionIdFor(mode: TrackingMode): string {
  return mode === 'full' ? storedTracingSessionId() : pageViewSessionId();
}

/**
 * Starts tracking with what the visitor's consent allows now. `pageMode` is the mode the
 * page was shown in, so that consent withdrawn before this code arrived still counts.
 */
export function startTracking(
  config: TrackingPageConfig,
  initialConsent: TrackingConsent,
  latest: { current: TrackingPageConfig },
  pageMode: TrackingMode = initialConsent.mode,
) {
  const { tracking, mode } = config;
  const funnel = createFunnelClient({ url: tracking.funnel.url, apiKey: tracking.funnel.apiKey, livemode: mode.livemode });
  const inspector = createSchemaInspector({
    url: funnelRequestUrl(tracking.inspectorUrl, tracking.funnel.apiKey, true),
    appEnv: tracking.appEnv,
  });
  const segmentation = createSegmentationClient(tracking.segmentationUrl, undefined, mode.livemode);
  const analytics = createAnalyticsDestination({
    collectorOrigin: collectorOrigin(tracking.collectorUrl, window.location.host, window.location.protocol),
    initialConsent,
    pageContext: () => ({
      campaignId: latest.current.flow.campaignId,
      livemode: latest.current.mode.livemode,
      source: latest.current.mode.source,
    }),
  });
  const pipeline = createPipeline({
    initialConsent,
    schedule: afterNextPaint,
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
      ...(latest.current.flow.experiment ? { experiment: latest.current.flow.experiment } : {}),
    }),
  });
  const detach = attachPipeline(pipeline);
  const setConsent = followConsent({
    pipeline,
    martechLibrarySrc: () => latest.current.tracking.martechLibrarySrc,
    marketingConfigured: () => Boolean(latest.current.tracking.trackingId || latest.current.tracking.martechLibrarySrc),
    pageMode,
    win: window,
  });
  setConsent(initialConsent);
  /** Where the page's `data-martech-actions` go (the shell binds them; funnel actions go through track()). */
  const actions: Omit<ActionHandlers, 'funnel'> = {
    // A segment targets the visitor: only with their consent.
    segment: (operation, segment) => {
      if (pipeline.consent().allows.targeting) void segmentation.apply(operation, segment);
    },
    analytics: (name, data) => analytics.trackSchemaEvent(name, data),
  };
  // The inspector batches for 30 s: what waits leaves when the page goes away.
  const flushInspector = () => void inspector.flush();
  window.addEventListener('pagehide', flushInspector);
  // Events not yet handed to the destinations go first when the page is hidden or leaves: a
  // capturing listener runs before the destinations' own (the funnel client's batch).
  const flushPipeline = () => pipeline.flush();
  const flushIfHidden = () => document.visibilityState === 'hidden' && pipeline.flush();
  window.addEventListener('pagehide', flushPipeline, { capture: true });
  document.addEventListener('visibilitychange', flushIfHidden, { capture: true });
  const stop = () => {
    window.removeEventListener('pagehide', flushInspector);
    window.removeEventListener('pagehide', flushPipeline, { capture: true });
    document.removeEventListener('visibilitychange', flushIfHidden, { capture: true });
    pipeline.flush();
    detach();
    void funnel.stop();
    void inspector.stop();
  };
  return { setConsent, actions, stop };
}

export type StartedTracking = ReturnType<typeof startTracking>;
