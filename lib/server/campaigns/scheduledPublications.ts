import type { Kysely } from 'kysely';
import type { StudioSchedule } from '@/lib/campaigns/studioViews';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { appendAudit } from '@/lib/server/operators/auditLog';
import { lockCatalogue } from '@/lib/server/catalogue/CatalogueRepository';
import { publishVersionIn } from './campaignStudio';

export type ScheduledOutcome =
  { kind: 'published'; campaignId: string; version: number } | { kind: 'refused'; campaignId: string; version: number; reason: string };

/** The schedules whose time has come by `now`, the earliest first. */
export function dueSchedules(db: Kysely<Database>, now: Date) {
  return db.selectFrom('campaign_schedules').selectAll().where('publish_at', '<=', now.toISOString()).orderBy('publish_at').execute();
}

/** Each campaign's scheduled version, for the studio. */
export async function studioSchedules(db: Kysely<Database>): Promise<Map<string, StudioSchedule>> {
  const rows = await db.selectFrom('campaign_schedules').selectAll().execute();
  return new Map(rows.map((row) => [row.campaign_id, { version: row.version, publishAt: row.publish_at, timeZone: row.time_zone }]));
}

/**
 * Publishes each version whose time has come, in the name of who scheduled it: one
 * transaction each, holding the catalogue, the schedule claimed in it (a second instance finds
 * it gone). A version the catalogue can no longer take (a coupon of it ended, a newer version
 * published by an import) is not published: its schedule is dropped, with the reason in the
 * audit log, rather than tried again at every run.
 */
export async function publishDueSchedules(server: Pick<ServerContext, 'db' | 'clock' | 'catalogue'>): Promise<ScheduledOutcome[]> {
  const outcomes: ScheduledOutcome[] = [];
  for (const due of await dueSchedules(server.db, server.clock())) {
    const at = server.clock();
    const actor = { operatorId: due.operator_id, label: `${due.actor} (scheduled)` };
    const target = { campaignId: due.campaign_id, version: due.version };
    try {
      const published = await server.db.transaction().execute(async (trx) => {
        await lockCatalogue(trx, at);
        const claimed = await trx
          .deleteFrom('campaign_schedules')
          .where('campaign_id', '=', due.campaign_id)
          .where('version', '=', due.version)
          .where('publish_at', '=', due.publish_at)
          .executeTakeFirst();
        if (Number(claimed.numDeletedRows) === 0) return false;
        await publishVersionIn(
          trx,
          at,
          { actor, author: { kind: 'operator', id: due.operator_id } },
          due.campaign_id,
          due.version,
          'scheduled',
        );
        return true;
      });
      if (published) outcomes.push({ kind: 'published', ...target });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const reason = [error.message, ...(error.details ?? [])].join(' ');
      await server.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('campaign_schedules')
          .where('campaign_id', '=', due.campaign_id)
          .where('publish_at', '=', due.publish_at)
          .execute();
        await appendAudit(
          trx,
          actor,
          {
            action: 'campaign.schedule_refused',
            target: `campaign:${due.campaign_id}`,
            before: { version: due.version, publishAt: due.publish_at },
            after: { reason },
          },
          at,
        );
      });
      outcomes.push({ kind: 'refused', ...target, reason });
    }
  }
  if (outcomes.length) server.catalogue.invalidate();
  return outcomes;
}
