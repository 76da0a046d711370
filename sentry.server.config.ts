import * as Sentry from '@sentry/nextjs';
import { serverSentryOptions } from './lib/config/sentryOptions';

/**
 * Server error reporting: trace sampling, the page-not-found drop and scrubbing from
 * lib/config/sentryOptions.ts. Without SENTRY_DSN the SDK is not started at all: an idle SDK
 * would still register its OpenTelemetry tracer, and every request would pay for spans
 * nobody receives.
 */
const dsn = process.env.SENTRY_DSN;

if (dsn) {
  Sentry.init(serverSentryOptions({ dsn, appEnv: process.env.APP_ENV ?? 'development' }));
}
