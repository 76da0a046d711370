import * as Sentry from '@sentry/nextjs';
import { scrubEvent } from './lib/config/sentryScrub';

/**
 * Browser error reporting. Inert without NEXT_PUBLIC_SENTRY_DSN; the spec's sampling and
 * replay settings arrive with the error-reporting work.
 */
const dsn = process.env.NEXT_PUBLIC_SENTRY_DSN;

Sentry.init({
  dsn,
  enabled: Boolean(dsn),
  environment: process.env.NEXT_PUBLIC_APP_ENV ?? 'development',
  beforeSend: scrubEvent,
});
