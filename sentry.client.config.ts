import * as Sentry from '@sentry/nextjs';
import { browserSentryOptions, isPageNotFoundPage, markPageNotFound, scrubReplayEventsIntegration } from './lib/config/sentryOptions';

/**
 * Browser error reporting as SPEC §1, §7, §8 and §9 say (lib/config/sentryOptions.ts holds
 * every value). Loaded by instrumentation-client.ts only when NEXT_PUBLIC_SENTRY_DSN is set.
 */
type NextWindow = Window & { __NEXT_DATA__?: Parameters<typeof isPageNotFoundPage>[0] };

const settings = browserSentryOptions({
  dsn: process.env.NEXT_PUBLIC_SENTRY_DSN,
  appEnv: process.env.NEXT_PUBLIC_APP_ENV ?? 'development',
  siteOrigin: window.location.origin,
});

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
