import { JOB_TITLES, type JobRunView, type JobView } from '@/lib/operators/jobViews';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Job } from './Job';
import { JobRunRepository } from './JobRunRepository';
import { instanceName } from './instanceName';
import { everyJob } from './processJobs';

/** A job whose last run started longer ago than this many intervals is behind: no instance runs it as it should. */
export const BEHIND_AFTER_INTERVALS = 3;

/** Whether a job on a schedule has gone unrun for a few intervals (never run counts). Jobs off a schedule never are. */
export function isBehind(intervalMs: number, lastRun: Pick<JobRunView, 'startedAt'> | null, now: Date): boolean {
  if (intervalMs <= 0) return false;
  if (!lastRun) return true;
  return now.getTime() - Date.parse(lastRun.startedAt) > BEHIND_AFTER_INTERVALS * intervalMs;
}

/** A job's backlog for the page; null when its query failed (the page shows the rest). */
async function backlogView(job: Job): Promise<JobView['backlog']> {
  try {
    const { waiting, oldestAt } = await job.backlog();
    return { waiting, oldestAt: oldestAt?.toISOString() ?? null };
  } catch (error) {
    console.error(`[jobs] the backlog of ${job.name} could not be read`, error);
    return null;
  }
}

/** /admin/jobs: every job's last run (whichever instance ran it), its backlog, and whether it is behind. */
export async function jobsOverview(server: ServerContext): Promise<{ now: string; jobs: JobView[] }> {
  const now = server.clock();
  const lastRuns = await new JobRunRepository(server.db, instanceName()).lastRuns();
  const all = everyJob(server);
  // A job kicked by every run of another runs as often as that one.
  const intervalOf = (job: Job) => (job.kickedBy ? (all.find((other) => other.name === job.kickedBy)?.intervalMs ?? 0) : job.intervalMs);
  const jobs = await Promise.all(
    all.map(async (job): Promise<JobView> => {
      const lastRun = lastRuns.get(job.name) ?? null;
      const intervalMs = intervalOf(job);
      return {
        name: job.name,
        title: JOB_TITLES[job.name],
        intervalMs: intervalMs > 0 ? intervalMs : null,
        lastRun,
        backlog: await backlogView(job),
        behind: isBehind(intervalMs, lastRun, now),
      };
    }),
  );
  return { now: now.toISOString(), jobs };
}
