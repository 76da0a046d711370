import type { Kysely } from 'kysely';
import type { ServerEnv } from '../../../config/serverEnv';
import type { PaymentMethodConfigs, PaymentMethodId } from '../../../payments/methods';
import type { Database } from '../../db/schema';
import type { GatewayEvent, PaymentGateway } from '../PaymentGateway';

/** What a gateway adapter may need from the server: its database, clock and event sink (the sandbox keeps state). */
export interface GatewayDeps {
  db: Kysely<Database>;
  now: () => Date;
  onEvent: (event: GatewayEvent) => Promise<void>;
}

/**
 * The server side of a payment method: whether the configuration enables it, what its
 * browser view needs in a mode, and its gateway adapter (real when its keys are set,
 * else the sandbox) behind the one PaymentGateway interface.
 */
export interface ServerPaymentMethod<K extends PaymentMethodId> {
  id: K;
  enabled(env: ServerEnv): boolean;
  browserConfig(env: ServerEnv, livemode: boolean): PaymentMethodConfigs[K];
  createGateway(env: ServerEnv, deps: GatewayDeps): PaymentGateway;
}
