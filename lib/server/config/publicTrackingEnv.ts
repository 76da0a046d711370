import { BUILT_IN_TRACKING_URLS, type PublicTrackingEnv } from '@/lib/config/publicEnv';
import type { ServerEnv } from './serverEnv';

/** The browser-visible tracking configuration of the server's (lib/config/publicEnv.ts says what it holds). */
export function publicTrackingEnv(env: ServerEnv): PublicTrackingEnv {
  return {
    appEnv: env.APP_ENV,
    funnel: { url: env.FUNNEL_URL ?? BUILT_IN_TRACKING_URLS.funnel, apiKey: env.FUNNEL_API_KEY },
    segmentationUrl: env.SEGMENTATION_URL ?? BUILT_IN_TRACKING_URLS.segmentation,
    collectorUrl: env.ANALYTICS_COLLECTOR_URL ?? null,
    inspectorUrl: env.SCHEMA_INSPECTOR_URL ?? BUILT_IN_TRACKING_URLS.inspector,
    consentId: env.ONETRUST_CONSENT_ID ?? null,
    consentPolicy: env.CONSENT_POLICY,
    trackingId: env.TAG_MANAGER_ID ?? null,
    martechLibrarySrc: env.MARTECH_LIBRARY_SRC ?? null,
  };
}
