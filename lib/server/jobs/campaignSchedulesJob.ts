import type { ServerContext } from '@/lib/server/context/createServerContext';
import { dueSchedules, publishDueSchedules } from '@/lib/server/campaigns/scheduledPublications';
import type { Job } from './Job';

/**
 * The campaigns' versions scheduled in the studio, published when their time comes, every
 * CAMPAIGN_SCHEDULE_INTERVAL_SECONDS on every instance (each claims a schedule in its own
 * transaction). A schedule refused is a failure, in the audit log with its reason.
 */
export function campaignSchedulesJob(context: ServerContext, log: (line: string) => void = (line) => console.info(line)): Job {
  return {
    name: 'campaign-schedules',
    intervalMs: context.config.CAMPAIGN_SCHEDULE_INTERVAL_SECONDS * 1000,
    async run() {
      const outcomes = await publishDueSchedules(context);
      for (const outcome of outcomes) log(`[campaign-schedules] ${outcome.campaignId} version ${outcome.version} ${outcome.kind}`);
      return { items: outcomes.length, failures: outcomes.filter((outcome) => outcome.kind === 'refused').length };
    },
    async backlog() {
      const due = await dueSchedules(context.db, context.clock());
      return { waiting: due.length, oldestAt: due[0] ? new Date(due[0].publish_at) : null };
    },
  };
}
