import { reconcileStuckAttempts, type AttemptOutcome } from '@/lib/server/checkout/reconcileAttempts';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Job } from './Job';
import { backlogsOf } from './jobContext';

/**
 * Checkout attempts whose answer was lost (the process killed between a charge and its
 * answer): the gateway asked, the attempt completed, failed or freed as its submit would
 * have (reconcileAttempts.ts). At start and every CHECKOUT_RECONCILE_INTERVAL_SECONDS (0: at
 * start only). One left for the webhook and a later run is a failure. Each attempt keeps its
 * line (ids and states only): the killed-server proof reads it (tests/proofs/killedServer.ts).
 */
export function stuckAttemptsJob(context: ServerContext, log: (line: string) => void = (line) => console.info(line)): Job {
  const graceMs = context.config.CHECKOUT_RECONCILE_GRACE_SECONDS * 1000;
  return {
    name: 'stuck-attempts',
    intervalMs: context.config.CHECKOUT_RECONCILE_INTERVAL_SECONDS * 1000,
    async run() {
      const outcomes = await reconcileStuckAttempts({ ...context.checkout, graceMs });
      for (const outcome of outcomes) log(`[reconcile] ${outcome.transactionId} ${attemptWords(outcome)}`);
      return { items: outcomes.length, failures: outcomes.filter((outcome) => outcome.kind === 'left').length };
    },
    backlog: () => backlogsOf(context).stuckAttempts(new Date(context.clock().getTime() - graceMs)),
  };
}

const attemptWords = (outcome: AttemptOutcome) =>
  outcome.kind === 'answered' ? `answered ${outcome.status}` : `${outcome.kind}: ${outcome.reason}`;
