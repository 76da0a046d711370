import { ERROR_REPORTS_META } from './lib/config/errorReportsMeta';
import { runZodWithoutEval } from './lib/config/zodWithoutEval';

runZodWithoutEval();

// Loads the browser Sentry SDK only when the server configured a DSN (the page's
// error-reports meta tag), so that pages without error reporting do not carry its weight.
if (document.querySelector(`meta[name="${ERROR_REPORTS_META}"]`)) {
  void import('./sentry.client.config').then(({ startErrorReports }) => startErrorReports(document));
}

export {};
