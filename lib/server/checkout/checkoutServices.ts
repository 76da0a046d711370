import type { Kysely } from 'kysely';
import { serverEnv } from '../../config/serverEnv';
import { appDb } from '../db/appDb';
import type { Database } from '../db/schema';
import type { PaymentGateway } from '../payments/PaymentGateway';
import { stripeConfigured } from '../payments/paymentsConfig';
import { SandboxGateway } from '../payments/sandbox/SandboxGateway';
import { StripeGateway } from '../payments/stripe/StripeGateway';
import { applyGatewayEvent } from './reconcile';

export interface CheckoutServices {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  /** The embedded sandbox, when it is the gateway in use (its bank page needs it). */
  sandbox: SandboxGateway | null;
  now: () => Date;
}

const holder = globalThis as typeof globalThis & { __checkoutServices?: Promise<CheckoutServices> };

/**
 * The server's checkout services: Stripe when its keys are configured, else the embedded
 * sandbox, whose events are applied to transactions as they happen, as Stripe's webhooks are.
 */
export function checkoutServices(): Promise<CheckoutServices> {
  holder.__checkoutServices ??= appDb().then((db) => {
    const now = () => new Date();
    const env = serverEnv();
    if (stripeConfigured(env)) {
      return { db, gateway: new StripeGateway({ live: env.STRIPE_SECRET_KEY_LIVE, test: env.STRIPE_SECRET_KEY_TEST }), sandbox: null, now };
    }
    const sandbox = new SandboxGateway(db, async (event) => void (await applyGatewayEvent(db, event, now)), now);
    return { db, gateway: sandbox, sandbox, now };
  });
  return holder.__checkoutServices;
}
