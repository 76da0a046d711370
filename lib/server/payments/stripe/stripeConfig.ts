import { z } from 'zod';
import type { ProviderSettings } from '@/lib/server/payments/ProviderSettings';

const schema = z.object({
  STRIPE_SECRET_KEY_LIVE: z
    .string()
    .regex(/^(sk|rk)_live_/, 'must be a live secret key (sk_live_…)')
    .optional(),
  STRIPE_SECRET_KEY_TEST: z
    .string()
    .regex(/^(sk|rk)_test_/, 'must be a test secret key (sk_test_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY_LIVE: z
    .string()
    .regex(/^pk_live_/, 'must be a live publishable key (pk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY_TEST: z
    .string()
    .regex(/^pk_test_/, 'must be a test publishable key (pk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET_LIVE: z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_WEBHOOK_SECRET_TEST: z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_…)').optional(),
});

export type StripeEnv = z.output<typeof schema>;

/** Stripe's settings: each mode's secret and publishable keys, and each webhook endpoint's signing secret. */
export const stripeSettings: ProviderSettings<typeof schema> = {
  schema,
  liveKeys: ['STRIPE_SECRET_KEY_LIVE', 'STRIPE_PUBLISHABLE_KEY_LIVE'],
  check(config, issue) {
    // Each mode's secret key and publishable key come as a pair: one without the other cannot take a payment.
    for (const mode of ['LIVE', 'TEST'] as const) {
      if (Boolean(config[`STRIPE_SECRET_KEY_${mode}`]) !== Boolean(config[`STRIPE_PUBLISHABLE_KEY_${mode}`])) {
        issue(`STRIPE_PUBLISHABLE_KEY_${mode}`, `is needed together with STRIPE_SECRET_KEY_${mode}`);
      }
    }
  },
};

/** Stripe is used as soon as a secret key is configured; the embedded sandbox otherwise. */
export function stripeConfigured(env: StripeEnv): boolean {
  return Boolean(env.STRIPE_SECRET_KEY_LIVE || env.STRIPE_SECRET_KEY_TEST);
}

export function webhookSecrets(env: StripeEnv): string[] {
  return [env.STRIPE_WEBHOOK_SECRET_LIVE, env.STRIPE_WEBHOOK_SECRET_TEST].filter((secret): secret is string => Boolean(secret));
}
