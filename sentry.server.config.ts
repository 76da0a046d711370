import * as Sentry from '@sentry/nextjs';

/** Server error reporting, inert without SENTRY_DSN. */
const dsn = process.env.SENTRY_DSN;

Sentry.init({
  dsn,
  enabled: Boolean(dsn),
  environment: process.env.APP_ENV ?? 'development',
});
