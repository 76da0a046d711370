import { applyWaitingWithdrawals } from '@/lib/server/withdrawal/waitingWithdrawalsPass';
import { withdrawalServiceAt } from '@/lib/server/withdrawal/withdrawalServiceFor';
import { OBJECTION_WINDOW_DAYS } from '@/lib/withdrawal/withdrawalPolicy';
import { reportOf, type Job } from './Job';
import { backlogsOf, passDeps } from './jobContext';
import type { ServerContext } from '@/lib/server/context/createServerContext';

const DAY_MS = 24 * 3600_000;

/**
 * The public page's withdrawals nobody answered within the objection window: ended and
 * refunded (waitingWithdrawalsPass.ts). Once at start, then kicked by every renewals run
 * before it charges anything: a timer of its own would only run it a second time per interval.
 */
export function waitingWithdrawalsJob(context: ServerContext): Job {
  return {
    name: 'waiting-withdrawals',
    intervalMs: 0,
    kickedBy: 'renewals',
    run: async () => reportOf(await applyWaitingWithdrawals(passDeps(context, (origin) => withdrawalServiceAt(context, origin)))),
    backlog: () => backlogsOf(context).waitingWithdrawals(new Date(context.clock().getTime() - OBJECTION_WINDOW_DAYS * DAY_MS)),
  };
}
