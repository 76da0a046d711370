import type { ConsentPolicy } from '@/lib/tracking/consent/consentGroups';

/**
 * The browser-visible configuration (SPEC §3 page environment fields), built on the
 * server from the validated server env and handed to pages in their props. Nothing
 * secret belongs here.
 */
/** Where the server runs (APP_ENV); the browser learns it to tag its events. */
export const APP_ENVS = ['development', 'test', 'staging', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export interface PublicTrackingEnv {
  appEnv: AppEnv;
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
