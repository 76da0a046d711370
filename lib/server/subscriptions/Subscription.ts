import type { Subscription as SubscriptionOf } from '@/lib/subscriptions/subscription';
import type { ConsentProof } from '@/lib/server/checkout/Transaction';
import type { GatewayName, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';

export {
  IMMEDIATE_END_REASONS,
  NO_DUNNING,
  type BusinessDetails,
  type CancelChannel,
  type DeliveryAddress,
  type Dunning,
  type EndReason,
  type ImmediateEndReason,
} from '@/lib/subscriptions/subscription';

/** Our record of a subscription, as the services work with it: lib/subscriptions' record, with the server's provider types. */
export type Subscription = SubscriptionOf<GatewayName, RenewalInstrument, ConsentProof>;
