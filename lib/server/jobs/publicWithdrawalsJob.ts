import type { ServerContext } from '@/lib/server/context/createServerContext';
import {
  examinePublicWithdrawals,
  PUBLIC_WITHDRAWALS_INTERVAL_MS,
  publicWithdrawalLine,
} from '@/lib/server/withdrawal/publicWithdrawalsPass';
import { withdrawalServiceAt } from '@/lib/server/withdrawal/withdrawalServiceFor';
import { declarationsJob } from './declarationsJob';
import type { Job } from './Job';
import { backlogsOf, passDeps } from './jobContext';

/**
 * The public withdrawal page's declarations, matched and acknowledged soon after the request
 * recorded them (the page kicks it), and every PUBLIC_WITHDRAWALS_INTERVAL_MS for those no
 * kick reached.
 */
export function publicWithdrawalsJob(context: ServerContext, log?: (line: string) => void): Job {
  return declarationsJob(
    context,
    {
      name: 'public-withdrawals',
      intervalMs: PUBLIC_WITHDRAWALS_INTERVAL_MS,
      page: '[withdrawal-page]',
      pass: () => examinePublicWithdrawals(passDeps(context, (origin) => withdrawalServiceAt(context, origin))),
      // Only an acknowledgment is a mail; a declaration that matched nothing sends none.
      queuedMail: (outcome) => outcome.kind === 'acknowledged',
      line: publicWithdrawalLine,
      backlog: () => backlogsOf(context).publicWithdrawals(),
    },
    log,
  );
}
