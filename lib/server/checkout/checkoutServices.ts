import type { Kysely } from 'kysely';
import { appDb } from '../db/appDb';
import type { Database } from '../db/schema';
import { SandboxGateway } from '../payments/sandbox/SandboxGateway';
import { applyGatewayEvent } from './reconcile';

export interface CheckoutServices {
  db: Kysely<Database>;
  gateway: SandboxGateway;
  now: () => Date;
}

const holder = globalThis as typeof globalThis & { __checkoutServices?: Promise<CheckoutServices> };

/**
 * The server's checkout services. The embedded sandbox gateway is the default; its events
 * are applied to transactions as they happen, as Stripe's webhooks are.
 */
export function checkoutServices(): Promise<CheckoutServices> {
  holder.__checkoutServices ??= appDb().then((db) => {
    const now = () => new Date();
    const gateway = new SandboxGateway(db, async (event) => void (await applyGatewayEvent(db, event, now)), now);
    return { db, gateway, now };
  });
  return holder.__checkoutServices;
}
