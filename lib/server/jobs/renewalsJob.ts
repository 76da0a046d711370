import { runDue } from '@/lib/server/renewals/renewalEngine';
import type { Job } from './Job';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { backlogsOf } from './jobContext';

/**
 * The due renewals, retries and ends (lib/server/renewals), every RENEWAL_INTERVAL_SECONDS;
 * every instance runs it, and the database's claim shares the due ones. A subscription the
 * engine could not write is a failure, left for the next run. Each subscription keeps its
 * line (ids and steps only): the two-instance proof counts the renewals each instance made
 * from them (tests/proofs/renewalsOnTwoInstances.ts).
 */
export function renewalsJob(context: ServerContext, log: (line: string) => void = (line) => console.info(line)): Job {
  const { renewals } = context;
  return {
    name: 'renewals',
    intervalMs: context.config.RENEWAL_INTERVAL_SECONDS * 1000,
    async run() {
      // The cancel page's declarations received so far are applied first: one counts from its
      // receipt, so nothing it cancels is charged because its job had not run yet. The
      // withdrawal page's are examined, so that their subscribers are asked without delay, and
      // the withdrawals whose objection window has passed are ended: never charged again.
      await Promise.all([
        context.jobs.kick('cancel-declarations'),
        context.jobs.kick('public-withdrawals'),
        context.jobs.kick('waiting-withdrawals'),
      ]);
      let items = 0;
      let failures = 0;
      let runs;
      // A full batch may leave more due (a cohort renewing on one day): the next batch is claimed at once, not an interval later.
      do {
        runs = await runDue(renewals);
        for (const { outcome } of runs) log(`[renewals] ${outcome.subscriptionId} ${outcome.steps.join(', ') || 'nothing due'}`);
        items += runs.length;
        failures += runs.filter((run) => run.stopped.kind === 'left').length;
      } while (renewals.batch !== undefined && runs.length >= renewals.batch);
      return { items, failures };
    },
    backlog: () => backlogsOf(context).renewals(context.clock()),
  };
}
