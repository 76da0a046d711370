import { loadMarketingScript } from '@/lib/browser/marketingCode';
import type { TrackingConsent, TrackingMode } from './consent/consentGroups';
import type { Pipeline } from './pipeline';
import { forgetTracingSession } from './tracingSession';

interface ConsentChangeOptions {
  pipeline: Pick<Pipeline, 'setConsent'>;
  /** The group's martech library (SPEC §3 page environment), if configured. */
  martechLibrarySrc: () => string | null | undefined;
  /** Whether third-party marketing code is configured at all (the tag manager or martech). */
  marketingConfigured: () => boolean;
  /** The mode the page was shown in: a withdrawal before tracking started still counts. */
  pageMode: TrackingMode;
  win: Window;
}

/**
 * Follows the visitor's consent as it changes. The pipeline follows it; the martech
 * library is marketing code, loaded with targeting consent only; and when consent is
 * withdrawn, the tracing id kept for this tab goes (later events carry a new one), and
 * marketing code already running (its tags, its cookies) goes with a fresh page.
 */
export function followConsent(options: ConsentChangeOptions): (consent: TrackingConsent) => void {
  let current = options.pageMode;
  return (consent) => {
    const withdrawn = current === 'full' && consent.mode === 'anonymous';
    current = consent.mode;
    options.pipeline.setConsent(consent);
    const martech = options.martechLibrarySrc();
    if (consent.allows.targeting && martech) loadMarketingScript(options.win, martech, 'The martech library could not load.');
    if (!withdrawn) return;
    forgetTracingSession();
    if (options.marketingConfigured()) options.win.location.reload();
  };
}
