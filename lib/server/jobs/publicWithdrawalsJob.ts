import type { ServerContext } from '@/lib/server/context/createServerContext';
import {
  examinePublicWithdrawals,
  PUBLIC_WITHDRAWALS_INTERVAL_MS,
  publicWithdrawalLine,
} from '@/lib/server/withdrawal/publicWithdrawalsPass';
import { withdrawalServiceAt } from '@/lib/server/withdrawal/withdrawalServiceFor';
import { reportOf, type Job } from './Job';
import { backlogsOf } from './jobContext';

/**
 * The public withdrawal page's declarations, matched and acknowledged soon after the request
 * recorded them (the page kicks it), and every PUBLIC_WITHDRAWALS_INTERVAL_MS for those no
 * kick reached. Each declaration's outcome keeps its own line (ids only), as its tests read them.
 */
export function publicWithdrawalsJob(context: ServerContext, log: (line: string) => void = (line) => console.info(line)): Job {
  return {
    name: 'public-withdrawals',
    intervalMs: PUBLIC_WITHDRAWALS_INTERVAL_MS,
    async run() {
      const outcomes = await examinePublicWithdrawals({
        db: context.db,
        now: context.clock,
        log: (line, error) => console.error(line, error),
        serviceFor: (origin) => withdrawalServiceAt(context, origin),
      });
      // The acknowledgments it queued are sent now, not at the mail job's next poll.
      if (outcomes.some((outcome) => outcome.kind === 'acknowledged')) void context.jobs.kick('mail');
      for (const outcome of outcomes) log(`[withdrawal-page] ${publicWithdrawalLine(outcome)}`);
      return reportOf(outcomes);
    },
    backlog: () => backlogsOf(context).publicWithdrawals(),
  };
}
