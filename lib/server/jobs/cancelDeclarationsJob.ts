import { subscriptionServiceAt } from '@/lib/server/account/subscriptionServiceFor';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import {
  applyCancelDeclarations,
  CANCEL_DECLARATIONS_INTERVAL_MS,
  cancelDeclarationLine,
} from '@/lib/server/subscriptions/cancelDeclarationsPass';
import { declarationsJob } from './declarationsJob';
import type { Job } from './Job';
import { backlogsOf, passDeps } from './jobContext';

/**
 * The public cancel page's declarations, applied soon after the request recorded them (the
 * page kicks it), and every CANCEL_DECLARATIONS_INTERVAL_MS for those no kick reached.
 */
export function cancelDeclarationsJob(context: ServerContext, log?: (line: string) => void): Job {
  return declarationsJob(
    context,
    {
      name: 'cancel-declarations',
      intervalMs: CANCEL_DECLARATIONS_INTERVAL_MS,
      page: '[cancel-page]',
      pass: () => applyCancelDeclarations(passDeps(context, (origin) => subscriptionServiceAt(context, origin))),
      // Any declaration it handled may have e-mailed an owner: the mail job is kicked whenever it did anything.
      queuedMail: () => true,
      line: cancelDeclarationLine,
      backlog: () => backlogsOf(context).cancelDeclarations(),
    },
    log,
  );
}
