import { z } from 'zod';
import type { ProviderSettings } from '@/lib/server/payments/ProviderSettings';
import type { PayPalModes } from './PayPalGateway';

const clientId = z.string().regex(/^[\w-]{10,128}$/, 'must be a PayPal REST app client id');
const clientSecret = z.string().regex(/^[\w-]{10,128}$/, 'must be a PayPal REST app secret');
const webhookId = z.string().regex(/^[\w-]{5,64}$/, 'must be a PayPal webhook id');

// Each mode's REST app (client id and secret together); the webhook id verifies its notifications.
const schema = z.object({
  PAYPAL_CLIENT_ID_LIVE: clientId.optional(),
  PAYPAL_CLIENT_SECRET_LIVE: clientSecret.optional(),
  PAYPAL_WEBHOOK_ID_LIVE: webhookId.optional(),
  PAYPAL_CLIENT_ID_TEST: clientId.optional(),
  PAYPAL_CLIENT_SECRET_TEST: clientSecret.optional(),
  PAYPAL_WEBHOOK_ID_TEST: webhookId.optional(),
  /** PayPal's REST hosts; overridden only to talk to a local fake. */
  PAYPAL_API_BASE_LIVE: z.url({ protocol: /^https?$/ }).default('https://api-m.paypal.com'),
  PAYPAL_API_BASE_TEST: z.url({ protocol: /^https?$/ }).default('https://api-m.sandbox.paypal.com'),
});

export type PayPalEnv = z.output<typeof schema>;

type Mode = 'LIVE' | 'TEST';

/** PayPal's settings: each mode's REST app and webhook id, and the REST hosts. */
export const paypalSettings: ProviderSettings<typeof schema> = {
  schema,
  liveKeys: ['PAYPAL_CLIENT_ID_LIVE', 'PAYPAL_CLIENT_SECRET_LIVE'],
  check(config, issue) {
    for (const mode of ['LIVE', 'TEST'] as const) {
      // A mode's app comes whole: a partial one names what is missing.
      const names = [`PAYPAL_CLIENT_ID_${mode}`, `PAYPAL_CLIENT_SECRET_${mode}`] as const;
      const set = names.filter((name) => Boolean(config[name]));
      if (set.length === 1)
        for (const missing of names.filter((name) => !config[name])) issue(missing, `is needed together with ${set.join(', ')}`);
      if (config[`PAYPAL_WEBHOOK_ID_${mode}`] && !config[`PAYPAL_CLIENT_ID_${mode}`]) {
        issue(`PAYPAL_CLIENT_ID_${mode}`, `is needed together with PAYPAL_WEBHOOK_ID_${mode}`);
      }
    }
    // A delivery's webhook id gives its mode: one id for both would make a live event test's, or the reverse.
    if (config.PAYPAL_WEBHOOK_ID_LIVE && config.PAYPAL_WEBHOOK_ID_LIVE === config.PAYPAL_WEBHOOK_ID_TEST) {
      issue('PAYPAL_WEBHOOK_ID_TEST', 'must differ from PAYPAL_WEBHOOK_ID_LIVE (each mode has its own webhook)');
    }
  },
};

/** PayPal's REST app of a mode, when its client id and secret are set (the checks make them come together). */
function paypalMode(env: PayPalEnv, mode: Mode) {
  const clientId = env[`PAYPAL_CLIENT_ID_${mode}`];
  const clientSecret = env[`PAYPAL_CLIENT_SECRET_${mode}`];
  return clientId && clientSecret ? { baseUrl: env[`PAYPAL_API_BASE_${mode}`], clientId, clientSecret } : undefined;
}

export const paypalModes = (env: PayPalEnv): PayPalModes => ({ live: paypalMode(env, 'LIVE'), test: paypalMode(env, 'TEST') });

/** PayPal is used as soon as one mode's keys are set; the sandbox wallet otherwise. */
export const paypalConfigured = (env: PayPalEnv): boolean => Boolean(env.PAYPAL_CLIENT_ID_LIVE || env.PAYPAL_CLIENT_ID_TEST);
