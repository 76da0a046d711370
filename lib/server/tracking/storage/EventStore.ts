import type { ExperimentMark } from '@/lib/experiments/experiment';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { markedError } from '@/lib/server/crossBundleMark';
import { appendTrackingRows } from './appendTrackingRows';
import { ArrivalIds } from './arrivalIds';

/** Where an accepted event came in. */
export type TrackingChannel = 'funnel' | 'segmentation' | 'analytics';
/** Where a rejected request came in (the inspector's rejects are kept too). */
export type BadRowChannel = TrackingChannel | 'inspector';

export interface NewTrackingEvent {
  channel: TrackingChannel;
  action: string;
  topic: string | null;
  campaignId: string | null;
  sessionId: string | null;
  source: string | null;
  livemode: boolean;
  payload: unknown;
  /** The experiment and variant the event's page showed (issue 41); none outside one. */
  experiment?: ExperimentMark | null;
}

export interface NewBadRow {
  channel: BadRowChannel;
  reason: string;
  raw: string;
}

/** One (event name, property types) pair seen by the inspector, aggregated over a request. */
export interface SchemaObservation {
  eventName: string;
  /** Property names and types as JSON with sorted keys (the table's key with the name). */
  schemaJson: string;
  firstSeen: Date;
  lastSeen: Date;
  count: number;
}

/**
 * The store could not commit (or is too far behind to take more): the caller answers 503, never 500, and the client may retry.
 * Marked: the store is the server context's copy of this module, the route may be another.
 */
export class EventStoreUnavailableError extends markedError('purchase-journey.EventStoreUnavailableError') {
  constructor(cause: unknown, message = 'The tracking store could not save the events.') {
    super(message, { cause });
    this.name = 'EventStoreUnavailableError';
  }
}

export interface EventStoreStats {
  /** Transactions committed (each one fsync of the WAL). */
  flushes: number;
  /** Rows of the largest committed transaction. */
  maxRowsPerFlush: number;
  rowsWritten: number;
  failedWrites: number;
  /** Bad rows refused because their own queue budget was full. */
  refusedBadRows: number;
}

type Write =
  | { kind: 'events'; rows: Database['tracking_events'][] }
  | { kind: 'bad-row'; rows: Database['tracking_bad_rows'][] }
  | { kind: 'observations'; rows: SchemaObservation[] };

type Pending = Write & { resolve: () => void; reject: (error: unknown) => void };

/** Rows per INSERT statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_STATEMENT = 100;

/**
 * Appends tracking rows with group commit. Each request's rows are queued; one flusher,
 * scheduled 2 ms after the queue gets its first rows (so that the requests of those 2 ms
 * join: under load, fewer and larger commits), writes everything queued in one
 * transaction of at most `maxRowsPerTransaction` rows (a request's rows are never split).
 * A request's promise resolves only once its transaction has committed, so what the
 * endpoints acknowledge survives a crash or a power cut (on SQLite, WAL with
 * synchronous=FULL, set in createDb; on PostgreSQL, its default synchronous commit: the log
 * is synced at every commit); one commit per batch instead
 * of per request is what lets a durable store keep up with beacon traffic.
 */
export class EventStore {
  private queue: Pending[] = [];
  private scheduled = false;
  private flushing: Promise<void> | null = null;
  private readonly ids: ArrivalIds;
  private readonly maxRows: number;
  private readonly maxQueuedRows: number;
  private readonly maxQueuedBadRows: number;
  private readonly maxQueuedBadRowChars: number;
  /** Events and observations waiting for their commit. */
  private queuedRows = 0;
  /** Bad rows waiting, in their own budget: junk must not take the queue space of real events. */
  private queuedBadRows = 0;
  private queuedBadRowChars = 0;
  readonly stats: EventStoreStats = { flushes: 0, maxRowsPerFlush: 0, rowsWritten: 0, failedWrites: 0, refusedBadRows: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    options: {
      now?: () => Date;
      maxRowsPerTransaction?: number;
      maxQueuedRows?: number;
      maxQueuedBadRows?: number;
      maxQueuedBadRowChars?: number;
      ids?: ArrivalIds;
    } = {},
  ) {
    this.ids = options.ids ?? new ArrivalIds(options.now);
    this.maxRows = options.maxRowsPerTransaction ?? 500;
    this.maxQueuedRows = options.maxQueuedRows ?? 50_000;
    this.maxQueuedBadRows = options.maxQueuedBadRows ?? 5_000;
    // A bad row keeps a whole refused body (up to 64 KiB): the rows' count alone does not bound the memory.
    this.maxQueuedBadRowChars = options.maxQueuedBadRowChars ?? 32 * 1024 * 1024;
  }

  /** Stores one request's events, all or none; resolves with their ids once committed. */
  appendEvents(events: readonly NewTrackingEvent[]): Promise<string[]> {
    if (events.length === 0) return Promise.resolve([]);
    const rows = events.map((event) => {
      const { id, at } = this.ids.next('te');
      return {
        id,
        received_at: at.toISOString(),
        channel: event.channel,
        action: event.action,
        topic: event.topic,
        campaign_id: event.campaignId,
        session_id: event.sessionId,
        source: event.source,
        livemode: event.livemode ? 1 : 0,
        payload_json: JSON.stringify(event.payload),
        experiment_id: event.experiment?.id ?? null,
        variant_key: event.experiment?.variant ?? null,
      };
    });
    return this.enqueue({ kind: 'events', rows }).then(() => rows.map((row) => row.id));
  }

  /** Keeps a rejected request with the reason; resolves with its id once committed. */
  appendBadRow(badRow: NewBadRow): Promise<string> {
    const { id, at } = this.ids.next('br');
    return this.enqueue({
      kind: 'bad-row',
      rows: [{ id, received_at: at.toISOString(), channel: badRow.channel, reason: badRow.reason, raw: badRow.raw }],
    }).then(() => id);
  }

  /** Adds the inspector's observations: new pairs are inserted, known ones widen their seen range and count. */
  recordObservations(observations: readonly SchemaObservation[]): Promise<void> {
    if (observations.length === 0) return Promise.resolve();
    return this.enqueue({ kind: 'observations', rows: [...observations] });
  }

  /** Resolves when everything queued so far has been written (or has failed): for shutdown and tests. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.flushing || this.scheduled) {
      if (this.flushing) await this.flushing;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private enqueue(write: Write): Promise<void> {
    // Backpressure: when the disk falls this far behind, refusing at once (503, retry) beats
    // holding ever more requests and memory for commits that may come too late. Bad rows
    // have a budget of their own, so that a flood of junk is refused (its bad rows not
    // kept) long before it could take the room real events need.
    const rows = write.rows.length;
    if (write.kind === 'bad-row') {
      const chars = write.rows.reduce((sum, row) => sum + row.raw.length + row.reason.length, 0);
      if (
        this.queuedBadRows > 0 &&
        (this.queuedBadRows + rows > this.maxQueuedBadRows || this.queuedBadRowChars + chars > this.maxQueuedBadRowChars)
      ) {
        this.stats.refusedBadRows += rows;
        return Promise.reject(
          new EventStoreUnavailableError(null, `The tracking store has ${this.queuedBadRows} bad rows waiting; this one is not kept.`),
        );
      }
      this.queuedBadRows += rows;
      this.queuedBadRowChars += chars;
      return this.queueWrite(write, () => {
        this.queuedBadRows -= rows;
        this.queuedBadRowChars -= chars;
      });
    }
    if (this.queuedRows + rows > this.maxQueuedRows && this.queuedRows > 0) {
      return Promise.reject(new EventStoreUnavailableError(null, `The tracking store is ${this.queuedRows} rows behind.`));
    }
    this.queuedRows += rows;
    return this.queueWrite(write, () => {
      this.queuedRows -= rows;
    });
  }

  private queueWrite(write: Write, settle: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({
        ...write,
        resolve: () => {
          settle();
          resolve();
        },
        reject: (error: unknown) => {
          settle();
          reject(error);
        },
      } as Pending);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      this.flushing = this.flushAll().finally(() => {
        this.flushing = null;
        // Rows that came in while the last transaction was being written.
        if (this.queue.length > 0) this.schedule();
      });
    }, 2);
  }

  private async flushAll(): Promise<void> {
    while (this.queue.length > 0) await this.flushBatch(this.takeBatch());
  }

  /** The oldest queued writes, up to the row cap; a write larger than the cap goes alone. */
  private takeBatch(): Pending[] {
    let rows = 0;
    let count = 0;
    for (const pending of this.queue) {
      if (count > 0 && rows + pending.rows.length > this.maxRows) break;
      rows += pending.rows.length;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async flushBatch(batch: Pending[]): Promise<void> {
    try {
      await this.commit(batch);
      for (const pending of batch) pending.resolve();
    } catch (error) {
      if (batch.length === 1) {
        this.stats.failedWrites += 1;
        console.error('[events] a tracking write failed:', error);
        batch[0]!.reject(new EventStoreUnavailableError(error));
        return;
      }
      // One request's rows must not sink the others' (a poison row, a constraint): retry each alone.
      for (const pending of batch) await this.flushBatch([pending]);
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    const events = batch.flatMap((p) => (p.kind === 'events' ? p.rows : []));
    const badRows = batch.flatMap((p) => (p.kind === 'bad-row' ? p.rows : []));
    const observations = mergeObservations(batch.flatMap((p) => (p.kind === 'observations' ? p.rows : [])));
    // Beacon traffic (no observations) takes the prepared statements of its database.
    const appended = observations.length === 0 && (await appendTrackingRows(this.db, events, badRows));
    if (!appended)
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < events.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('tracking_events')
            .values(events.slice(i, i + ROWS_PER_STATEMENT))
            .execute();
        }
        for (let i = 0; i < badRows.length; i += ROWS_PER_STATEMENT) {
          await trx
            .insertInto('tracking_bad_rows')
            .values(badRows.slice(i, i + ROWS_PER_STATEMENT))
            .execute();
        }
        for (let i = 0; i < observations.length; i += ROWS_PER_STATEMENT)
          await upsertObservations(trx, observations.slice(i, i + ROWS_PER_STATEMENT));
      });
    this.count(events.length + badRows.length + observations.length);
  }

  private count(rows: number): void {
    this.stats.flushes += 1;
    this.stats.rowsWritten += rows;
    this.stats.maxRowsPerFlush = Math.max(this.stats.maxRowsPerFlush, rows);
  }
}

/** The same pair twice in one transaction would hit the upsert twice in one statement: merge first. */
function mergeObservations(observations: SchemaObservation[]): SchemaObservation[] {
  const merged = new Map<string, SchemaObservation>();
  for (const o of observations) {
    const key = `${o.eventName}\u0000${o.schemaJson}`;
    const known = merged.get(key);
    merged.set(
      key,
      known
        ? {
            ...known,
            firstSeen: o.firstSeen < known.firstSeen ? o.firstSeen : known.firstSeen,
            lastSeen: o.lastSeen > known.lastSeen ? o.lastSeen : known.lastSeen,
            count: known.count + o.count,
          }
        : o,
    );
  }
  return [...merged.values()];
}

async function upsertObservations(trx: Transaction<Database>, observations: SchemaObservation[]): Promise<void> {
  await trx
    .insertInto('schema_observations')
    .values(
      observations.map((o) => ({
        event_name: o.eventName,
        schema_json: o.schemaJson,
        first_seen: o.firstSeen.toISOString(),
        last_seen: o.lastSeen.toISOString(),
        count: o.count,
      })),
    )
    // CASE rather than min()/max(): the same SQL on SQLite and PostgreSQL (LEAST/GREATEST there).
    .onConflict((oc) =>
      oc.columns(['event_name', 'schema_json']).doUpdateSet({
        first_seen: sql<string>`case when excluded.first_seen < schema_observations.first_seen then excluded.first_seen else schema_observations.first_seen end`,
        last_seen: sql<string>`case when excluded.last_seen > schema_observations.last_seen then excluded.last_seen else schema_observations.last_seen end`,
        count: sql<number>`schema_observations.count + excluded.count`,
      }),
    )
    .execute();
}
