import type { ServerContext } from '@/lib/server/context/createServerContext';
import { campaignSchedulesJob } from './campaignSchedulesJob';
import { cancelDeclarationsJob } from './cancelDeclarationsJob';
import type { Job } from './Job';
import { mailJob } from './mailJob';
import { providerSettlingJob } from './providerSettlingJob';
import { purgeJob } from './purgeJob';
import { publicWithdrawalsJob } from './publicWithdrawalsJob';
import { refundsJob } from './refundsJob';
import { renewalsJob } from './renewalsJob';
import { stuckAttemptsJob } from './stuckAttemptsJob';
import { waitingWithdrawalsJob } from './waitingWithdrawalsJob';

/**
 * The jobs a request kicks (a mail queued, a declaration recorded): started with the process's
 * one context (serverContext.ts), so that every process that answers requests runs them.
 */
export const kickedJobs = (context: ServerContext): Job[] => [
  mailJob(context),
  cancelDeclarationsJob(context),
  publicWithdrawalsJob(context),
];

/**
 * The jobs on a schedule only: started by instrumentation.ts, in a server that takes traffic
 * (not while `next build` loads the code, nor in tests). RENEWAL_INTERVAL_SECONDS=0 leaves the
 * renewals and the waiting withdrawals they apply first off; PURGE_INTERVAL_SECONDS=0 the
 * purge (`npm run purge` from cron instead).
 */
export const scheduledJobs = (context: ServerContext): Job[] => [
  ...(context.config.RENEWAL_INTERVAL_SECONDS > 0 ? [renewalsJob(context), waitingWithdrawalsJob(context)] : []),
  stuckAttemptsJob(context),
  providerSettlingJob(context),
  refundsJob(context),
  campaignSchedulesJob(context),
  ...(context.config.PURGE_INTERVAL_SECONDS > 0 ? [purgeJob(context)] : []),
];

/** Every job, whether this process runs it or not, in the order /admin/jobs lists them. */
export const everyJob = (context: ServerContext): Job[] => [
  renewalsJob(context),
  waitingWithdrawalsJob(context),
  ...kickedJobs(context),
  stuckAttemptsJob(context),
  providerSettlingJob(context),
  refundsJob(context),
  campaignSchedulesJob(context),
  purgeJob(context),
];
