// Loads the browser Sentry SDK only when a DSN is configured, so that pages without
// error reporting do not carry its weight.
if (process.env.NEXT_PUBLIC_SENTRY_DSN) {
  void import('./sentry.client.config');
}

export {};
