/**
 * The name of the meta tag through which a page hands the browser its error-reporting
 * configuration (errorReportsConfig.ts). On its own, so that every page's first load
 * carries only this name: the configuration is read by the code loaded when it is there.
 */
export const ERROR_REPORTS_META = 'error-reports';
