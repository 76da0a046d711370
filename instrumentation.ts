/**
 * Runs once when a server starts: fails fast on bad configuration, starts Sentry, then
 * starts the scheduled background jobs (lib/server/jobs): the renewals, retries and ends that
 * are due, the checkout attempts a previous process left without an answer, the PayPal
 * renewals to pause or resume, and the refunds left pending, at start and then periodically.
 */
export async function register(): Promise<void> {
  // Next replaces NEXT_RUNTIME at build time: the edge build ends here, and never bundles
  // the Node-only modules imported below (node:crypto, process.exit).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { configurationOrExit } = await import('./lib/server/startup/configurationOrExit');
  configurationOrExit();
  await import('./sentry.server.config');
  // Every country's regions, for the address checks (also awaited per request: lib/server/http/apiRoute.ts).
  const { loadAllSubdivisions } = await import('./lib/geo/subdivisions');
  await loadAllSubdivisions();
  // Not while `next build` loads the server code: only a server that takes traffic reconciles.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startScheduledJobs } = await import('./lib/server/jobs/startScheduledJobs');
  startScheduledJobs();
}

export { captureRequestError as onRequestError } from '@sentry/nextjs';
