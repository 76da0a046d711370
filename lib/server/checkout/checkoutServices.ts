import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import type { GatewayEvent, PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import { SandboxWalletGateway } from '@/lib/server/payments/sandbox/SandboxWalletGateway';
import { withSandboxFault } from '@/lib/server/payments/sandbox/sandboxFaults';
import { enabledServerMethods, SERVER_PAYMENT_METHODS } from '@/lib/server/payments/methodRegistry';
import type { ServerPaymentMethod } from '@/lib/server/payments/ServerPaymentMethod';
import { applyProviderEvent } from '@/lib/server/renewals/providerRenewalEvents';
import { createProviderEventDeps } from '@/lib/server/renewals/renewalServices';

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
 * transactions as they happen, as Stripe's webhooks are). `methods` is the server's list of
 * payment methods; a test may hand it another provider's declaration besides.
 */
export function createCheckoutServices(
  db: Kysely<Database>,
  env: ServerEnv,
  now: () => Date,
  methods: readonly ServerPaymentMethod[] = SERVER_PAYMENT_METHODS,
): CheckoutServices {
  // The sandbox's events move transactions as providers' webhooks do; the sandbox PayPal's renewal events, subscriptions.
  const eventDeps = createProviderEventDeps(db, env, now);
  const onEvent = async (event: GatewayEvent) => void (await applyProviderEvent(eventDeps, event));
  const created = enabledServerMethods(env, methods).map((method) => method.createGateway(env, { db, now, onEvent }));
  const sandbox = created.find((gateway): gateway is SandboxGateway => gateway instanceof SandboxGateway) ?? null;
  const sandboxWallets = created.filter((gateway): gateway is SandboxWalletGateway => gateway instanceof SandboxWalletGateway);
  // The checkout charges through these; the sandbox's pages keep the gateways as made.
  const gateways = created.map((gateway) =>
    withSandboxFault(gateway, {
      fault: env.SANDBOX_FAULT,
      faultAfter: env.SANDBOX_FAULT_AFTER,
      renewLatencyMs: env.SANDBOX_LATENCY_MS,
    }),
  );
  return { db, gateways, sandbox, sandboxWallets, now };
}
