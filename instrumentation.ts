/**
 * Runs once when a server starts: fails fast on bad configuration, starts Sentry, then
 * reconciles the checkout attempts a previous process left without an answer (killed
 * between a charge and its answer), and pauses at PayPal the cancelled subscriptions it
 * could not be told about at once, at start and then periodically; and runs the renewals,
 * retries and ends that are due (lib/server/renewals).
 */
export async function register(): Promise<void> {
  // Next replaces NEXT_RUNTIME at build time: the edge build ends here, and never bundles
  // the Node-only modules imported below (node:crypto, process.exit).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { configurationOrExit } = await import('./lib/server/startup/configurationOrExit');
  const env = configurationOrExit();
  await import('./sentry.server.config');
  // Not while `next build` loads the server code: only a server that takes traffic reconciles.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startCheckoutReconciliation } = await import('./lib/server/checkout/reconcileSchedule');
  startCheckoutReconciliation(env);
  const { startRenewals } = await import('./lib/server/renewals/renewalSchedule');
  startRenewals(env);
}

export { captureRequestError as onRequestError } from '@sentry/nextjs';
