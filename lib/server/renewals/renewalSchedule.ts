import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { serverContext } from '@/lib/server/context/serverContext';
import { runDueRenewals } from './renewalEngine';

// instrumentation.ts starts it once per process (as the checkout's reconciliation).
let started = false;

/**
 * Runs the due renewals, retries and ends every RENEWAL_INTERVAL_SECONDS, one pass at a time
 * per process; every instance runs it, and the database's claim shares the due ones. A pass
 * that fails (the database away) is tried again at the next.
 */
export function startRenewals(env: Pick<ServerEnv, 'RENEWAL_INTERVAL_SECONDS'>): void {
  if (started || env.RENEWAL_INTERVAL_SECONDS === 0) return;
  started = true;
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const context = await serverContext();
      const { renewals, cancelDeclarations, publicWithdrawals } = context;
      // The cancel page's declarations received so far are applied first: one counts from its
      // receipt, so nothing it cancels is charged because its pass had not run yet. The
      // withdrawal page's are examined, so that their subscribers are asked without delay.
      await Promise.all([cancelDeclarations.kick(), publicWithdrawals.kick()]);
      // So are the withdrawals whose objection window has passed: ended and refunded, never charged again.
      for (const outcome of await context.applyWaitingWithdrawals()) {
        console.info(
          outcome.kind === 'applied'
            ? `[withdrawals] ${outcome.withdrawalId} applied`
            : `[withdrawals] ${outcome.withdrawalId} left: ${outcome.reason}`,
        );
      }
      // A full batch may leave more due (a cohort renewing on one day): the next batch is claimed at once, not an interval later.
      let outcomes;
      do {
        outcomes = await runDueRenewals(renewals);
        for (const outcome of outcomes) {
          console.info(`[renewals] ${outcome.subscriptionId} ${outcome.steps.join(', ') || 'nothing due'}`);
        }
      } while (renewals.batch !== undefined && outcomes.length >= renewals.batch);
    } catch (error) {
      console.error('[renewals] pass failed:', error);
    } finally {
      running = false;
    }
  };
  void pass();
  setInterval(() => void pass(), env.RENEWAL_INTERVAL_SECONDS * 1000).unref();
}
