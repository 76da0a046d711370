import type { NewTrackingEvent, SchemaObservation } from './EventStore';

/**
 * What a request will add to the tracking database, in rows and bytes, so that the limits
 * count what fills the disk rather than events alone: one event of a few fields and one of
 * 8 KiB cost the same event, not the same space.
 */
export interface StoredUsage {
  rows: number;
  bytes: number;
}

/**
 * A row's bytes besides its text: its id and arrival time (some 50 bytes), the integer
 * columns, the row header and its share of the key and index entries. An estimate on the
 * safe side, so that a flood of tiny events is not free.
 */
export const ROW_OVERHEAD_BYTES = 128;

const bytesOf = (text: string | null) => (text === null ? 0 : Buffer.byteLength(text, 'utf8'));

/** The rows and bytes a request's events will take (their payload as the store writes it: JSON). */
export function eventUsage(events: readonly NewTrackingEvent[]): StoredUsage {
  let bytes = 0;
  for (const event of events) {
    bytes +=
      ROW_OVERHEAD_BYTES +
      bytesOf(event.channel) +
      bytesOf(event.action) +
      bytesOf(event.topic) +
      bytesOf(event.campaignId) +
      bytesOf(event.sessionId) +
      bytesOf(event.source) +
      bytesOf(JSON.stringify(event.payload));
  }
  return { rows: events.length, bytes };
}

/** The rows and bytes the inspector's observations may add: each counted as a new row (a known one only widens its times). */
export function observationUsage(observations: readonly SchemaObservation[]): StoredUsage {
  let bytes = 0;
  for (const observation of observations) bytes += ROW_OVERHEAD_BYTES + bytesOf(observation.eventName) + bytesOf(observation.schemaJson);
  return { rows: observations.length, bytes };
}
