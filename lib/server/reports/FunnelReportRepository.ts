import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { arrivalIdFloor } from '../events/arrivalIds';
import { FUNNEL_WAYPOINT_IDS, isFunnelWaypointId, type CampaignWaypointCount, type FunnelCounts, type ReportRange, type SplitWaypointCount } from './funnelReport';
import { livemodeFilter, nextDay, type FunnelFilter } from './funnelFilter';
import { parseObservedSchema, type SchemaObservation } from './schemaDrift';

/** The observed shapes the drift list compares at most: the most recently seen ones. */
export const DRIFT_OBSERVATIONS_MAX = 200;

/**
 * The funnel report's reads. Visitors are counted in SQL (distinct session ids per
 * campaign × source × mode × waypoint, and per campaign × waypoint), so a page render
 * moves a few hundred numbers, never the events themselves.
 *
 * Only funnel waypoint events of the period are read: through the primary key (ids sort by
 * arrival time, so the period is an id range), or through the campaign index when one
 * campaign is asked for (tracking_events_campaign).
 */

// The waypoint id lives in the payload only. json_extract is SQLite's; PostgreSQL, when it
// comes, reads the same as (payload_json::json ->> 'waypointId').
const waypointIdOf = sql<string | null>`json_extract(payload_json, '$.waypointId')`;

/**
 * The period as bounds on received_at. Bare days work as bounds for every ISO form in UTC
 * ("2025-03-31T…" sorts after "2025-03-31" and before "2025-04-01"), with or without
 * milliseconds.
 */
function receivedBounds(range: ReportRange): { from: string; before: string } {
  return { from: range.from, before: nextDay(range.to) };
}

function waypointEvents(db: Kysely<Database>, filter: FunnelFilter) {
  const { from, before } = receivedBounds(filter);
  const livemode = livemodeFilter(filter.mode);
  let query = db.selectFrom('tracking_events');
  query = query.where('action', '=', 'waypoint');
  if (filter.campaignId !== null) query = query.where('campaign_id', '=', filter.campaignId);
  query = query
    // The period as an id range too (ids sort by arrival time): the key's index serves it.
    .where('id', '>=', arrivalIdFloor('te', new Date(`${from}T00:00:00.000Z`)))
    .where('id', '<', arrivalIdFloor('te', new Date(`${before}T00:00:00.000Z`)))
    .where('received_at', '>=', from)
    .where('received_at', '<', before)
    .where('channel', '=', 'funnel')
    .where(waypointIdOf, 'in', [...FUNNEL_WAYPOINT_IDS]);
  if (livemode !== null) query = query.where('livemode', '=', livemode);
  return query;
}

/** Visitors per campaign × source × mode × waypoint, and the events without a session id. */
export function splitCountsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return waypointEvents(db, filter)
    .select([
      'campaign_id',
      'source',
      'livemode',
      waypointIdOf.as('waypoint_id'),
      // COUNT(DISTINCT) leaves out null session ids: such events cannot be followed
      // from step to step, so they would only inflate the top of the funnel.
      sql<number>`count(distinct session_id)`.as('visitors'),
      sql<number>`sum(case when session_id is null then 1 else 0 end)`.as('sessionless'),
    ])
    .groupBy(['campaign_id', 'source', 'livemode', waypointIdOf]);
}

/** Visitors per campaign × waypoint, each counted once whatever their source or mode. */
export function campaignCountsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return waypointEvents(db, filter)
    .where('session_id', 'is not', null)
    .select(['campaign_id', waypointIdOf.as('waypoint_id'), sql<number>`count(distinct session_id)`.as('visitors')])
    .groupBy(['campaign_id', waypointIdOf]);
}

export class FunnelReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Visitors per waypoint of the funnel, by split and by campaign, read in one snapshot. */
  async funnelCounts(filter: FunnelFilter): Promise<FunnelCounts> {
    // One read transaction, so that events arriving meanwhile do not make the campaign
    // totals disagree with their splits.
    return this.db.transaction().execute(async (trx) => {
      const splitRows = await splitCountsQuery(trx, filter).execute();
      const campaignRows = await campaignCountsQuery(trx, filter).execute();

      const splits: SplitWaypointCount[] = [];
      let sessionlessEvents = 0;
      for (const row of splitRows) {
        sessionlessEvents += Number(row.sessionless);
        if (!isFunnelWaypointId(row.waypoint_id) || Number(row.visitors) === 0) continue;
        splits.push({
          campaignId: row.campaign_id,
          source: row.source,
          livemode: row.livemode === 1,
          waypointId: row.waypoint_id,
          visitors: Number(row.visitors),
        });
      }
      const campaigns: CampaignWaypointCount[] = [];
      for (const row of campaignRows) {
        if (!isFunnelWaypointId(row.waypoint_id)) continue;
        campaigns.push({ campaignId: row.campaign_id, waypointId: row.waypoint_id, visitors: Number(row.visitors) });
      }
      return { splits, campaigns, sessionlessEvents };
    });
  }

  /**
   * The event schemas the inspector observed during the period (first seen before its end,
   * last seen after its start), at most `limit` of them: the most recently seen, so that a
   * table full of shapes (junk, or a long period) cannot blow up the page. `cut` says there
   * were more. Their counts are since first seen. A row whose schema is not a JSON object
   * of type names is skipped: it cannot be compared. Ordered by event name, then first seen.
   */
  async schemaObservations(range: ReportRange, limit = DRIFT_OBSERVATIONS_MAX): Promise<{ observations: SchemaObservation[]; cut: boolean }> {
    const { from, before } = receivedBounds(range);
    const rows = await this.db
      .selectFrom('schema_observations')
      .selectAll()
      .where('last_seen', '>=', from)
      .where('first_seen', '<', before)
      .orderBy('last_seen', 'desc')
      .orderBy('event_name')
      .orderBy('schema_json')
      // One more than shown, to know whether the list is cut.
      .limit(limit + 1)
      .execute();
    const cut = rows.length > limit;
    const observations: SchemaObservation[] = [];
    for (const row of rows.slice(0, limit)) {
      const schema = parseObservedSchema(row.schema_json);
      if (!schema) continue;
      observations.push({ eventName: row.event_name, schema, firstSeen: row.first_seen, lastSeen: row.last_seen, count: Number(row.count) });
    }
    observations.sort((a, b) => (a.eventName < b.eventName ? -1 : a.eventName > b.eventName ? 1 : a.firstSeen < b.firstSeen ? -1 : a.firstSeen > b.firstSeen ? 1 : 0));
    return { observations, cut };
  }
}
