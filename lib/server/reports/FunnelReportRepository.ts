import { sql, type Kysely } from 'kysely';
import { jsonTextField } from '@/lib/server/db/dialect';
import type { Database, TrackingEventTable } from '@/lib/server/db/schema';
import { arrivalIdFloor } from '@/lib/server/tracking/storage/arrivalIds';
import {
  FUNNEL_STEPS,
  FUNNEL_WAYPOINT_IDS,
  type CampaignWaypointCount,
  type FunnelCounts,
  type ReportRange,
  type SplitWaypointCount,
} from '@/lib/reports/funnelReport';
import { livemodeFilter, nextDay, type FunnelFilter } from '@/lib/reports/funnelFilter';
import { parseObservedSchema, type SchemaObservation } from '@/lib/reports/schemaDrift';
import { inOneSnapshot } from '@/lib/server/db/inOneSnapshot';
import { SIGN_IN_WALL_PAGE_SUFFIX, type SignInWallCount } from '@/lib/reports/signInWall';

/** The observed shapes the drift list compares at most: the most recently seen ones. */
export const DRIFT_OBSERVATIONS_MAX = 200;

/**
 * The funnel report's reads. Visitors are counted in SQL (sessions by the furthest funnel
 * step each reached, per campaign × source × mode and per campaign), so a page render
 * moves a few hundred numbers, never the events themselves.
 *
 * Only funnel waypoint events of the period are read: through the primary key (ids sort by
 * arrival time, so the period is an id range), or through the campaign index when one
 * campaign is asked for (tracking_events_campaign).
 */

/** The waypoint id lives in the payload only. */
const waypointIdOf = (db: Kysely<Database>) => jsonTextField(db, 'payload_json', 'waypointId');

/**
 * The period as bounds on received_at. Bare days work as bounds for every ISO form in UTC
 * ("2025-03-31T…" sorts after "2025-03-31" and before "2025-04-01"), with or without
 * milliseconds.
 */
function receivedBounds(range: ReportRange): { from: string; before: string } {
  return { from: range.from, before: nextDay(range.to) };
}

export function waypointEvents(db: Kysely<Database>, filter: FunnelFilter, waypointIds: readonly string[] = FUNNEL_WAYPOINT_IDS) {
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
    .where(waypointIdOf(db), 'in', [...waypointIds]);
  if (livemode !== null) query = query.where('livemode', '=', livemode);
  if (filter.source) query = query.where('source', '=', filter.source);
  return query;
}

/** A waypoint's place in the funnel (0 for the offer page): the furthest one a session reached decides where it counts. */
const stepIndexOf = (db: Kysely<Database>) =>
  sql<number>`case ${waypointIdOf(db)} ${sql.join(
    FUNNEL_STEPS.map((step, index) => sql`when ${step.waypointId} then ${sql.lit(index)}`),
    sql` `,
  )} end`;

/** The columns a count of sessions by furthest step may be split by: a session counts once per value of them. */
export type SessionSplitColumn = 'campaign_id' | 'source' | 'livemode' | 'experiment_id' | 'variant_key';

/**
 * Sessions of `events` per value of `columns` by the furthest funnel step each reached
 * (reachedCounts turns them into visitors per step). Events without a session id are left
 * out: they cannot be followed from step to step.
 */
export function sessionsByFurthestStep<C extends SessionSplitColumn>(
  db: Kysely<Database>,
  events: ReturnType<typeof waypointEvents>,
  columns: readonly C[],
) {
  const sessions = events
    .where('session_id', 'is not', null)
    .select([...columns, sql<number>`max(${stepIndexOf(db)})`.as('furthest')])
    .groupBy([...columns, 'session_id']);
  // The derived table's columns depend on C, which Kysely cannot follow through a generic:
  // they are named as plain references and the row typed here.
  const column = (name: C | 'furthest') => sql.ref(name);
  return db
    .selectFrom(sessions.as('sessions'))
    .select([...columns.map((name) => column(name).as(name)), column('furthest').as('furthest'), sql<number>`count(*)`.as('visitors')])
    .groupBy([...columns.map(column), column('furthest')])
    .$castTo<Pick<TrackingEventTable, C> & { furthest: number; visitors: number }>();
}

/** Sessions per campaign × source × mode by the furthest funnel step each reached. */
export function splitCountsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return sessionsByFurthestStep(db, waypointEvents(db, filter), ['campaign_id', 'source', 'livemode']);
}

/** Sessions per campaign by the furthest step each reached, whatever their source or mode. */
export function campaignCountsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return sessionsByFurthestStep(db, waypointEvents(db, filter), ['campaign_id']);
}

/** Every page's load event (SPEC §3): the wall's page has no funnel waypoint of its own. */
const PAGE_LOAD_WAYPOINT = 'page-navigation';

/** A page load of the sign-in wall: `…/auth/initiate`, or with a page to return to after it. */
const wallLoad = (db: Kysely<Database>) => {
  const page = jsonTextField(db, 'payload_json', 'currentPage');
  return sql<boolean>`(${waypointIdOf(db)} = ${PAGE_LOAD_WAYPOINT} and (${page} like ${`%${SIGN_IN_WALL_PAGE_SUFFIX}`} or ${page} like ${`%${SIGN_IN_WALL_PAGE_SUFFIX}/%`}))`;
};

/**
 * Per campaign: its sessions (any page load or funnel waypoint), those that loaded the
 * sign-in wall, and those that reached a funnel step after their first load of it. Ids sort
 * by arrival, so "after" is a comparison of ids (fixed-width digits: the same order on
 * both databases).
 */
export function signInWallCountsQuery(db: Kysely<Database>, filter: FunnelFilter) {
  const stepWaypoints = [...FUNNEL_WAYPOINT_IDS];
  const sessions = waypointEvents(db, filter, [PAGE_LOAD_WAYPOINT, ...stepWaypoints])
    .where('session_id', 'is not', null)
    .select([
      'campaign_id',
      sql<string | null>`min(case when ${wallLoad(db)} then id end)`.as('wall_at'),
      sql<string | null>`max(case when ${waypointIdOf(db)} in (${sql.join(stepWaypoints)}) then id end)`.as('step_at'),
    ])
    .groupBy(['campaign_id', 'session_id']);
  return db
    .selectFrom(sessions.as('sessions'))
    .select([
      'campaign_id',
      sql<number>`count(*)`.as('visits'),
      sql<number>`sum(case when wall_at is not null then 1 else 0 end)`.as('at_wall'),
      sql<number>`sum(case when wall_at is not null and step_at > wall_at then 1 else 0 end)`.as('passed'),
    ])
    .groupBy('campaign_id');
}

/** The waypoint events of the period that have no session id. */
export function sessionlessQuery(db: Kysely<Database>, filter: FunnelFilter) {
  return waypointEvents(db, filter)
    .where('session_id', 'is', null)
    .select(sql<number>`count(*)`.as('events'));
}

/**
 * Visitors at each step from sessions by furthest step: a session counts at every step up
 * to the furthest it reached (a visitor who opened the cart from a link has passed the
 * offer), so no step counts more visitors than the one before it.
 */
export function reachedCounts<K>(
  rows: readonly { key: K; furthest: number; visitors: number }[],
  keyOf: (key: K) => string,
): { key: K; step: number; visitors: number }[] {
  const groups = new Map<string, { key: K; byFurthest: number[] }>();
  for (const row of rows) {
    const id = keyOf(row.key);
    const group = groups.get(id) ?? { key: row.key, byFurthest: FUNNEL_STEPS.map(() => 0) };
    group.byFurthest[row.furthest] = (group.byFurthest[row.furthest] ?? 0) + row.visitors;
    groups.set(id, group);
  }
  const out: { key: K; step: number; visitors: number }[] = [];
  for (const { key, byFurthest } of groups.values()) {
    let reached = 0;
    const atStep: number[] = [];
    for (let step = FUNNEL_STEPS.length - 1; step >= 0; step -= 1) atStep[step] = reached += byFurthest[step] ?? 0;
    atStep.forEach((visitors, step) => visitors > 0 && out.push({ key, step, visitors }));
  }
  return out;
}

export class FunnelReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Visitors per waypoint of the funnel, by split and by campaign, read in one snapshot. */
  async funnelCounts(filter: FunnelFilter): Promise<FunnelCounts> {
    // One read transaction, so that events arriving meanwhile do not make the campaign
    // totals disagree with their splits.
    return inOneSnapshot(this.db, async (trx) => {
      const splitRows = await splitCountsQuery(trx, filter).execute();
      const campaignRows = await campaignCountsQuery(trx, filter).execute();
      const sessionless = await sessionlessQuery(trx, filter).executeTakeFirst();
      const sessionlessEvents = Number(sessionless?.events ?? 0);

      const splitKey = (row: { campaign_id: string | null; source: string | null; livemode: number }) =>
        JSON.stringify([row.campaign_id, row.source, row.livemode]);
      const splits: SplitWaypointCount[] = reachedCounts(
        splitRows.map((row) => ({ key: row, furthest: Number(row.furthest), visitors: Number(row.visitors) })),
        splitKey,
      ).map(({ key, step, visitors }) => ({
        campaignId: key.campaign_id,
        source: key.source,
        livemode: key.livemode === 1,
        waypointId: FUNNEL_STEPS[step]!.waypointId,
        visitors,
      }));
      const campaigns: CampaignWaypointCount[] = reachedCounts(
        campaignRows.map((row) => ({ key: row.campaign_id, furthest: Number(row.furthest), visitors: Number(row.visitors) })),
        (campaignId) => JSON.stringify(campaignId),
      ).map(({ key, step, visitors }) => ({ campaignId: key, waypointId: FUNNEL_STEPS[step]!.waypointId, visitors }));
      return { splits, campaigns, sessionlessEvents };
    });
  }

  /** Per campaign: visits, visitors at the sign-in wall and those who passed it (lib/reports/signInWall). */
  async signInWallCounts(filter: FunnelFilter): Promise<SignInWallCount[]> {
    const rows = await signInWallCountsQuery(this.db, filter).execute();
    return rows.map((row) => ({
      campaignId: row.campaign_id,
      visits: Number(row.visits),
      atWall: Number(row.at_wall ?? 0),
      passed: Number(row.passed ?? 0),
    }));
  }

  /**
   * The event schemas the inspector observed during the period (first seen before its end,
   * last seen after its start), at most `limit` of them: the most recently seen, so that a
   * table full of shapes (junk, or a long period) cannot blow up the page. `cut` says there
   * were more. Their counts are since first seen. A row whose schema is not a JSON object
   * of type names is skipped: it cannot be compared. Ordered by event name, then first seen.
   */
  async schemaObservations(
    range: ReportRange,
    limit = DRIFT_OBSERVATIONS_MAX,
  ): Promise<{ observations: SchemaObservation[]; cut: boolean }> {
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
      observations.push({
        eventName: row.event_name,
        schema,
        firstSeen: row.first_seen,
        lastSeen: row.last_seen,
        count: Number(row.count),
      });
    }
    observations.sort((a, b) =>
      a.eventName < b.eventName ? -1 : a.eventName > b.eventName ? 1 : a.firstSeen < b.firstSeen ? -1 : a.firstSeen > b.firstSeen ? 1 : 0,
    );
    return { observations, cut };
  }
}
