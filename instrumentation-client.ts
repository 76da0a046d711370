import { readErrorReportsConfig } from './lib/config/errorReportsConfig';

// Loads the browser Sentry SDK only when the server configured a DSN (the page's
// error-reports meta tag), so that pages without error reporting do not carry its weight.
const config = readErrorReportsConfig(document);
if (config) {
  void import('./sentry.client.config').then(({ startErrorReports }) => startErrorReports(config));
}

export {};
