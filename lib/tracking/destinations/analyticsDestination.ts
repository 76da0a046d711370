import { BUILT_IN_TRACKING_URLS } from '@/lib/config/publicEnv';
import type { TrackingConsent, TrackingMode } from '@/lib/tracking/consent/consentGroups';
import type { JourneyEvent } from '@/lib/tracking/events';
import type { Destination, EventContext } from '@/lib/tracking/pipeline';
import { analyticsCallFor } from './analyticsEvents';
import { analyticsSchemaUri } from '@/lib/tracking/schemaRegistry';
import { nextTask } from '@/lib/browser/nextTask';

type Snowplow = typeof import('@snowplow/browser-tracker');

const TRACKER = 'pj';
/** SPEC §9: activity tracking with a minimum visit length of 5 s and a heartbeat every 10 s. */
export const ACTIVITY_TRACKING = { minimumVisitLength: 5, heartbeatDelay: 10 } as const;

const ANONYMOUS = { anonymousTracking: { withServerAnonymisation: true }, stateStorageStrategy: 'none' } as const;
const FULL = { stateStorageStrategy: 'cookieAndLocalStorage' } as const;

/** The tracker's event queue in local storage (full mode only): gone when consent is withdrawn. */
function forgetQueuedEvents(): void {
  try {
    for (const key of Object.keys(window.localStorage)) if (key.startsWith('snowplowOutQueue_')) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing of ours in it.
  }
}

export interface AnalyticsDestination extends Destination {
  /** A self-describing event named in markup; an unregistered name throws (SPEC §8). */
  trackSchemaEvent(name: string, data: Record<string, unknown>): void;
}

export interface AnalyticsPageContext {
  campaignId: string;
  livemode: boolean;
  source: string | null;
}

/**
 * The Snowplow browser tracker, posting to `/com.condenast/yv8` on the collector origin.
 * It is loaded on first use (not part of the page's first load). Anonymous mode keeps no
 * cookie and no local storage and asks the collector not to record the IP; full mode
 * switches storage on; going back to anonymous clears what was stored.
 */
export function createAnalyticsDestination(options: {
  collectorOrigin: string;
  initialConsent: TrackingConsent;
  /** The campaign and mode of the current page: a context entity on every event, page views too. */
  pageContext: () => AnalyticsPageContext;
  appId?: string;
}): AnalyticsDestination {
  let mode: TrackingMode = options.initialConsent.mode;
  /** Performance consent (C0002): without it nothing is sent, activity pings and markup events included. */
  let allowed = options.initialConsent.allows.performance;
  let snowplow: Promise<Snowplow | null> | null = null;

  const tracker = (): Promise<Snowplow | null> => {
    snowplow ??= import('@snowplow/browser-tracker')
      .then(async (sp) => {
        // Three tasks rather than one long one on a phone (measured at 4x CPU: 120-150 ms
        // together): the tracker reads the time zone through Intl, whose first use loads
        // the browser's locale data, so that comes alone first; then the tracker; then the
        // events that waited for it.
        await nextTask();
        new Intl.DateTimeFormat().resolvedOptions();
        await nextTask();
        sp.newTracker(TRACKER, options.collectorOrigin, {
          appId: options.appId ?? 'purchase-journey',
          postPath: BUILT_IN_TRACKING_URLS.collectorPath,
          eventMethod: 'post',
          cookieSameSite: 'Lax',
          // Finding the root domain writes a test cookie, even in anonymous mode: cookies stay on the page's host.
          discoverRootDomain: false,
          contexts: { webPage: true },
          ...(mode === 'full' ? FULL : ANONYMOUS),
        });
        sp.addGlobalContexts([() => ({ schema: analyticsSchemaUri('checkout_context'), data: { ...options.pageContext() } })], [TRACKER]);
        sp.enableActivityTracking(ACTIVITY_TRACKING, [TRACKER]);
        await nextTask();
        return sp;
      })
      .catch((error: unknown) => {
        console.error('The analytics tracker could not start:', error);
        return null;
      });
    return snowplow;
  };

  const send = (event: JourneyEvent, context: EventContext) => {
    const call = analyticsCallFor(event, context);
    if (!call) return;
    void tracker().then((sp) => {
      if (!sp) return;
      if (call.kind === 'page_view') sp.trackPageView({}, [TRACKER]);
      else sp.trackSelfDescribingEvent({ event: { schema: call.schema, data: call.data } }, [TRACKER]);
    });
  };

  return {
    trackSchemaEvent(name, data) {
      if (!allowed) return;
      const schema = analyticsSchemaUri(name);
      void tracker().then((sp) => sp?.trackSelfDescribingEvent({ event: { schema, data } }, [TRACKER]));
    },
    name: 'analytics',
    purpose: 'performance',
    send,
    setConsent(consent) {
      const wasAllowed = allowed;
      allowed = consent.allows.performance;
      if (snowplow && wasAllowed !== allowed) {
        void snowplow.then((sp) => {
          if (!sp) return;
          if (allowed) sp.enableActivityTracking(ACTIVITY_TRACKING, [TRACKER]);
          else sp.disableActivityTracking([TRACKER]);
        });
      }
      const next = consent.mode;
      if (next === mode) return;
      mode = next;
      if (!snowplow) return;
      void snowplow.then((sp) => {
        if (!sp) return;
        if (next === 'full') sp.disableAnonymousTracking(FULL, [TRACKER]);
        else {
          sp.clearUserData({ preserveSession: false, preserveUser: false }, [TRACKER]);
          forgetQueuedEvents();
          sp.enableAnonymousTracking({ options: ANONYMOUS.anonymousTracking, stateStorageStrategy: 'none' }, [TRACKER]);
        }
      });
    },
  };
}
