import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { withSandboxFault } from '@/lib/server/payments/sandbox/sandboxFaults';
import { methodEnabled, SERVER_PAYMENT_METHODS } from '@/lib/server/payments/methodRegistry';
import { PAYMENT_METHOD_IDS } from '@/lib/payments/methods';
import { applyGatewayEvent } from './reconcile';

export interface CheckoutServices {
  db: Kysely<Database>;
  /** The gateways of the enabled payment methods. */
  gateways: PaymentGateway[];
  /** The embedded sandbox, when it is the gateway in use (its bank page needs it). */
  sandbox: SandboxGateway | null;
  /** The sandbox wallets in use (a wallet without keys), for their approval pages. */
  sandboxWallets: SandboxWalletGateway[];
  now: () => Date;
}

/**
 * The checkout services: the gateway of each enabled payment method (for the card, Stripe
 * when its keys are configured, else the embedded sandbox, whose events are applied to
 * transactions as they happen, as Stripe's webhooks are).
 */
export function createCheckoutServices(db: Kysely<Database>, env: ServerEnv, now: () => Date): CheckoutServices {
  const onEvent = async (event: Parameters<typeof applyGatewayEvent>[1]) => void (await applyGatewayEvent(db, event, now));
  const created = PAYMENT_METHOD_IDS.filter((id) => methodEnabled(id, env)).map((id) => SERVER_PAYMENT_METHODS[id].createGateway(env, { db, now, onEvent }));
  const sandbox = created.find((gateway): gateway is SandboxGateway => gateway instanceof SandboxGateway) ?? null;
  const sandboxWallets = created.filter((gateway): gateway is SandboxWalletGateway => gateway instanceof SandboxWalletGateway);
  // The checkout charges through these; the sandbox's pages keep the gateways as made.
  const gateways = created.map((gateway) => withSandboxFault(gateway, env.SANDBOX_FAULT));
  return { db, gateways, sandbox, sandboxWallets, now };
}
