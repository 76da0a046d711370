import type { ServerContext } from '@/lib/server/context/createServerContext';
import { renewsByItself } from '@/lib/server/payments/renewalLookup';
import { settleProviderRenewals } from '@/lib/server/subscriptions/providerRenewalsPass';
import { MAX_PROVIDER_TRIES } from '@/lib/subscriptions/lifecycle/lifecycle';
import { reportOf, type Job } from './Job';
import { backlogsOf } from './jobContext';

/**
 * What a cancellation (or a resume) could not tell PayPal at once, settled there
 * (providerRenewalsPass.ts), on the checkout reconciliation's interval. One left for the
 * next run (PayPal away or refusing) is a failure.
 */
export function providerSettlingJob(context: ServerContext): Job {
  return {
    name: 'provider-settling',
    intervalMs: context.config.CHECKOUT_RECONCILE_INTERVAL_SECONDS * 1000,
    run: async () => reportOf(await settleProviderRenewals({ ...context.checkout, log: (line, error) => console.error(line, error) })),
    backlog: () =>
      backlogsOf(context).providerSettling(
        context.checkout.gateways.filter(renewsByItself).map((gateway) => gateway.name),
        context.clock(),
        MAX_PROVIDER_TRIES,
      ),
  };
}
