import type { ServerEnv } from '@/lib/config/serverEnv';

/** Stripe is used as soon as a secret key is configured; the embedded sandbox otherwise. */
export function stripeConfigured(env: ServerEnv): boolean {
  return Boolean(env.STRIPE_SECRET_KEY_LIVE || env.STRIPE_SECRET_KEY_TEST);
}

export function webhookSecrets(env: ServerEnv): string[] {
  return [env.STRIPE_WEBHOOK_SECRET_LIVE, env.STRIPE_WEBHOOK_SECRET_TEST].filter((secret): secret is string => Boolean(secret));
}
