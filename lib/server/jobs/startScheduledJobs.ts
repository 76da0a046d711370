import { serverContext } from '@/lib/server/context/serverContext';
import { scheduledJobs } from './processJobs';

const RETRY_MS = 30_000;

/**
 * Starts the scheduled jobs on the process's runner (instrumentation.ts, once per process;
 * the runner starts each job once, whoever asks). A database away at start is asked again
 * every 30 s, as the passes used to try again at their next interval.
 */
export function startScheduledJobs(): void {
  serverContext().then(
    (context) => context.jobs.start(scheduledJobs(context)),
    (error: unknown) => {
      console.error('[jobs] the server context could not be opened; the scheduled jobs start once it can:', error);
      setTimeout(startScheduledJobs, RETRY_MS).unref();
    },
  );
}
