import * as Sentry from '@sentry/nextjs';
import { scrubEvent } from './lib/config/sentryScrub';

/**
 * Server error reporting. Without SENTRY_DSN the SDK is not started at all: an idle SDK
 * would still register its OpenTelemetry tracer, and every request would pay for spans
 * nobody receives.
 */
const dsn = process.env.SENTRY_DSN;

if (dsn) {
  Sentry.init({
    dsn,
    environment: process.env.APP_ENV ?? 'development',
    beforeSend: scrubEvent,
  });
}
