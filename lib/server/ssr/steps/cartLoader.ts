import { subscriptionStatus } from '@/lib/server/checkout/subscriptionStatus';
import type { StepLoader } from '@/lib/server/ssr/stepLoader';
import { loadOrderStep } from './orderView';

/** The cart: the order priced without location, and whether a signed-in visitor already subscribes. */
export const loadCart: StepLoader<'cart'> = async (context) => {
  const status = await subscriptionStatus(context.server, context.req.headers.cookie, context.flow.brand_slug);
  return { view: { ...(await loadOrderStep(context)), alreadySubscribed: status.activeSubscription } };
};
