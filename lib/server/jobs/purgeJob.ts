import type { Kysely } from 'kysely';
import type { RetentionEnv, ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { tracksInAppDatabase } from '@/lib/server/db/trackingDatabaseUrl';
import { retentionAgesFrom } from '@/lib/server/retention/purge';
import { purgeDatabases, totalPurged } from '@/lib/server/retention/purgeDatabases';
import type { Job, JobBacklog } from './Job';
import { backlogsOf } from './jobContext';

type PurgeContext = {
  config: RetentionEnv & Pick<ServerEnv, 'PURGE_INTERVAL_SECONDS'>;
  clock: () => Date;
  db: Kysely<Database>;
  trackingDb: Kysely<Database>;
};

/** The app's database, and the tracking data's unless it is the same one (purged, and counted, once). */
const databasesOf = ({ config, db, trackingDb }: PurgeContext) =>
  tracksInAppDatabase(config.DATABASE_URL, config.TRACKING_DATABASE_URL) ? [db] : [db, trackingDb];

/**
 * The retention rules (`npm run purge`'s: lib/server/retention), at start and every
 * PURGE_INTERVAL_SECONDS (a day). Items are the rows it deleted; a database whose purge
 * failed is a failure, and the next run goes on where it stopped. Safe on every instance at
 * once without a lease: each batch deletes only rows past their age, so two instances
 * deleting the same batch delete each row once (the other finds it gone, and counts only
 * its own), and a batch that comes back short because the other took rows just ends the
 * run early for that table.
 */
export function purgeJob(
  context: PurgeContext,
  log: (line: string, error: unknown) => void = (line, error) => console.error(line, error),
): Job {
  const ages = retentionAgesFrom(context.config);
  const databases = databasesOf(context);
  return {
    name: 'purge',
    intervalMs: context.config.PURGE_INTERVAL_SECONDS * 1000,
    async run() {
      let failures = 0;
      const counts = await purgeDatabases(databases, context.clock(), ages, (error, index) => {
        failures += 1;
        log(`[purge] the ${index === 0 ? "app's" : "tracking data's"} database could not be purged; the next run tries again`, error);
      });
      return { items: totalPurged(counts), failures };
    },
    async backlog(): Promise<JobBacklog> {
      const now = context.clock();
      const each = await Promise.all(databases.map((db) => backlogsOf({ db }).purge(now, ages)));
      const oldest = each.flatMap(({ oldestAt }) => (oldestAt ? [oldestAt.getTime()] : []));
      return {
        waiting: each.reduce((sum, { waiting }) => sum + waiting, 0),
        oldestAt: oldest.length ? new Date(Math.min(...oldest)) : null,
      };
    },
  };
}
