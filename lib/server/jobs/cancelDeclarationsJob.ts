import { subscriptionServiceAt } from '@/lib/server/account/subscriptionServiceFor';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import {
  applyCancelDeclarations,
  CANCEL_DECLARATIONS_INTERVAL_MS,
  cancelDeclarationLine,
} from '@/lib/server/subscriptions/cancelDeclarationsPass';
import { reportOf, type Job } from './Job';
import { backlogsOf } from './jobContext';

/**
 * The public cancel page's declarations, applied soon after the request recorded them (the
 * page kicks it), and every CANCEL_DECLARATIONS_INTERVAL_MS for those no kick reached. Each
 * declaration's outcome keeps its own line (ids and counts only), as its tests read them.
 */
export function cancelDeclarationsJob(context: ServerContext, log: (line: string) => void = (line) => console.info(line)): Job {
  return {
    name: 'cancel-declarations',
    intervalMs: CANCEL_DECLARATIONS_INTERVAL_MS,
    async run() {
      const outcomes = await applyCancelDeclarations({
        db: context.db,
        now: context.clock,
        log: (line, error) => console.error(line, error),
        serviceFor: (origin) => subscriptionServiceAt(context, origin),
      });
      // The e-mails it queued are sent now, not at the mail job's next poll.
      if (outcomes.length > 0) void context.jobs.kick('mail');
      for (const outcome of outcomes) log(`[cancel-page] ${cancelDeclarationLine(outcome)}`);
      return reportOf(outcomes);
    },
    backlog: () => backlogsOf(context).cancelDeclarations(),
  };
}
