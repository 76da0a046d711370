import { serverEnv } from './lib/config/serverEnv';

/**
 * Runs once when a server starts: fails fast on bad configuration, starts Sentry, then
 * reconciles the checkout attempts a previous process left without an answer (killed
 * between a charge and its answer), at once and then periodically.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const env = serverEnv();
  await import('./sentry.server.config');
  // Not while `next build` loads the server code: only a server that takes traffic reconciles.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startCheckoutReconciliation } = await import('./lib/server/checkout/reconcileSchedule');
  startCheckoutReconciliation(env);
}

export { captureRequestError as onRequestError } from '@sentry/nextjs';
