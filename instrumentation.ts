import { serverEnv } from './lib/config/serverEnv';

/** Runs once when a server starts: fails fast on bad configuration, then starts Sentry. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  serverEnv();
  await import('./sentry.server.config');
}

export { captureRequestError as onRequestError } from '@sentry/nextjs';
