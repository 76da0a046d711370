import type { ConsentPolicy } from '@/lib/tracking/consent/consentGroups';
import type { ServerEnv } from './serverEnv';

/**
 * The browser-visible configuration (SPEC §3 page environment fields), built on the
 * server from the validated server env and handed to pages in their props. Nothing
 * secret belongs here.
 */
export interface PublicTrackingEnv {
  appEnv: ServerEnv['APP_ENV'];
  funnel: { url: string; apiKey: string };
  /** Base of the segmentation calls: `${segmentationUrl}/add?segment=…`. */
  segmentationUrl: string;
  /** The analytics collector's origin template; null means the page's own origin. */
  collectorUrl: string | null;
  inspectorUrl: string;
  /** The OneTrust consent id; null means the built-in consent banner. */
  consentId: string | null;
  /** Whether anonymous measurement runs before the visitor answers, or nothing is sent (strict). */
  consentPolicy: ConsentPolicy;
  /** The tag-manager container id; null means no tag manager is loaded (the data layer still fills). */
  trackingId: string | null;
  martechLibrarySrc: string | null;
}

export const BUILT_IN_TRACKING_URLS = {
  funnel: '/martech/api/funnel',
  segmentation: '/user-context/segmentation',
  collectorPath: '/com.condenast/yv8',
  inspector: '/martech/api/schema-inspector',
} as const;

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
