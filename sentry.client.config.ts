import * as Sentry from '@sentry/nextjs';
import { readErrorReportsConfig } from './lib/config/errorReportsConfig';
import { browserSentryOptions, isPageNotFoundPage, markPageNotFound, scrubReplayEventsIntegration } from './lib/config/sentryOptions';

/**
 * Browser error reporting as SPEC §1, §7, §8 and §9 say (lib/config/sentryOptions.ts holds
 * every value). Started by instrumentation-client.ts only when the page carries a DSN.
 */
type NextWindow = Window & { __NEXT_DATA__?: Parameters<typeof isPageNotFoundPage>[0] };

export function startErrorReports(doc: Document): void {
  const config = readErrorReportsConfig(doc);
  if (!config) return;
  const settings = browserSentryOptions({ dsn: config.dsn, appEnv: config.appEnv, siteOrigin: window.location.origin });
  Sentry.init({
    ...settings.init,
    integrations: [
      Sentry.browserTracingIntegration({
        beforeStartSpan: (options) => markPageNotFound(options, (window as NextWindow).__NEXT_DATA__),
      }),
      Sentry.replayIntegration(settings.replay),
      Sentry.captureConsoleIntegration(settings.captureConsole),
      scrubReplayEventsIntegration,
    ],
  });
}
