import type { ServerEnv } from '../../config/serverEnv';

/** What the card step needs to take a payment in the visitor's mode. */
export type PaymentsConfig = { gateway: 'sandbox' } | { gateway: 'stripe'; publishableKey: string };

/** Stripe is used as soon as a secret key is configured; the embedded sandbox otherwise. */
export function stripeConfigured(env: ServerEnv): boolean {
  return Boolean(env.STRIPE_SECRET_KEY_LIVE || env.STRIPE_SECRET_KEY_TEST);
}

export function paymentsConfigFor(env: ServerEnv, livemode: boolean): PaymentsConfig {
  if (!stripeConfigured(env)) return { gateway: 'sandbox' };
  const publishableKey = livemode ? env.STRIPE_PUBLISHABLE_KEY_LIVE : env.STRIPE_PUBLISHABLE_KEY_TEST;
  // A mode without keys still shows the Stripe form; the server then says payments are unavailable.
  return { gateway: 'stripe', publishableKey: publishableKey ?? '' };
}

export function webhookSecrets(env: ServerEnv): string[] {
  return [env.STRIPE_WEBHOOK_SECRET_LIVE, env.STRIPE_WEBHOOK_SECRET_TEST].filter((secret): secret is string => Boolean(secret));
}
