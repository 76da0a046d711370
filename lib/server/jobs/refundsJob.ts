import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Job } from './Job';
import { backlogsOf } from './jobContext';

/**
 * Refunds left pending: those a provider makes later (Amazon Pay's) read back, those never
 * answered sent again under their key (RefundService.settlePending), on the checkout
 * reconciliation's interval. One the provider could not be asked about is a failure.
 */
export function refundsJob(context: ServerContext): Job {
  return {
    name: 'refunds',
    intervalMs: context.config.CHECKOUT_RECONCILE_INTERVAL_SECONDS * 1000,
    async run() {
      let failures = 0;
      const settled = await context.refunds.settlePending(undefined, () => void (failures += 1));
      return { items: settled + failures, failures };
    },
    backlog: () => backlogsOf(context).refunds(),
  };
}
