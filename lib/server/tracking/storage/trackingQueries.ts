import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { arrivalIdFloor } from './arrivalIds';
import type { BadRowChannel, NewBadRow, NewTrackingEvent, TrackingChannel } from './EventStore';

export interface TrackingEventFilter {
  campaignId?: string;
  action?: string;
  channel?: TrackingChannel;
  topic?: string;
  /** Inclusive. */
  since?: Date;
  /** Exclusive. */
  until?: Date;
  livemode?: boolean;
  sessionId?: string;
  /** Only events after this id: the cursor for reading on past a page. */
  after?: string;
  limit: number;
}

/** What was appended, with its id and arrival time (the column's channel is read back as text). */
type Stored<Appended extends { channel: unknown }> = Omit<Appended, 'channel'> & { id: string; receivedAt: string; channel: string };

/** A stored event. */
export type TrackingEventView = Stored<NewTrackingEvent>;

/** Stored events matching the filter, in arrival order (ids sort so). */
export async function listTrackingEvents(db: Kysely<Database>, filter: TrackingEventFilter): Promise<TrackingEventView[]> {
  let query = db.selectFrom('tracking_events').selectAll().orderBy('id', 'asc').limit(filter.limit);
  if (filter.campaignId !== undefined) query = query.where('campaign_id', '=', filter.campaignId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.channel !== undefined) query = query.where('channel', '=', filter.channel);
  if (filter.topic !== undefined) query = query.where('topic', '=', filter.topic);
  // Time ranges as id ranges too: the primary key is the index that serves them.
  if (filter.since)
    query = query.where('id', '>=', arrivalIdFloor('te', filter.since)).where('received_at', '>=', filter.since.toISOString());
  if (filter.until)
    query = query.where('id', '<', arrivalIdFloor('te', filter.until)).where('received_at', '<', filter.until.toISOString());
  if (filter.livemode !== undefined) query = query.where('livemode', '=', filter.livemode ? 1 : 0);
  if (filter.sessionId !== undefined) query = query.where('session_id', '=', filter.sessionId);
  if (filter.after !== undefined) query = query.where('id', '>', filter.after);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    receivedAt: row.received_at,
    channel: row.channel,
    action: row.action,
    topic: row.topic,
    campaignId: row.campaign_id,
    sessionId: row.session_id,
    source: row.source,
    livemode: row.livemode === 1,
    payload: JSON.parse(row.payload_json) as unknown,
  }));
}

export interface BadRowFilter {
  channel?: BadRowChannel;
  since?: Date;
  after?: string;
  limit: number;
}

/** A stored bad row. */
export type BadRowView = Stored<NewBadRow>;

/** Rejected requests matching the filter, in arrival order. */
export async function listBadRows(db: Kysely<Database>, filter: BadRowFilter): Promise<BadRowView[]> {
  let query = db.selectFrom('tracking_bad_rows').selectAll().orderBy('id', 'asc').limit(filter.limit);
  if (filter.channel !== undefined) query = query.where('channel', '=', filter.channel);
  if (filter.since) query = query.where('received_at', '>=', filter.since.toISOString());
  if (filter.after !== undefined) query = query.where('id', '>', filter.after);
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, receivedAt: row.received_at, channel: row.channel, reason: row.reason, raw: row.raw }));
}
