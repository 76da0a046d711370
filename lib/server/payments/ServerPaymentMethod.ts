import type { Kysely } from 'kysely';
import type { ServerEnv } from '@/lib/config/serverEnv';
import type { PaymentMethodConfigs, PaymentMethodId } from '@/lib/payments/methods';
import type { Database } from '@/lib/server/db/schema';
import type { CspSources } from '@/lib/server/http/csp/cspSources';
import type { GatewayEvent, PaymentGateway } from './PaymentGateway';

/** What a gateway adapter may need from the server: its database, clock and event sink (the sandbox keeps state). */
export interface GatewayDeps {
  db: Kysely<Database>;
  now: () => Date;
  onEvent: (event: GatewayEvent) => Promise<void>;
}

/**
 * The server side of a payment method: whether it has keys, what its browser view needs in
 * a mode, and its gateway adapter (real when its keys are set, else the sandbox, which runs
 * only with PAYMENTS_SANDBOX=1 and in test mode) behind the one PaymentGateway interface.
 */
export interface ServerPaymentMethod<K extends PaymentMethodId> {
  id: K;
  /** Whether a mode's keys are set: the real gateway then takes this method's payments. */
  configured(env: ServerEnv): boolean;
  /** What the browser view needs (real keys configured). */
  browserConfig(env: ServerEnv, livemode: boolean): PaymentMethodConfigs[K];
  /** What the provider's browser code needs allowed on the payment step (configured only; the sandbox is our own). */
  cspSources(env: ServerEnv): CspSources;
  /** The real gateway (configured) or the sandbox's. */
  createGateway(env: ServerEnv, deps: GatewayDeps): PaymentGateway;
}
