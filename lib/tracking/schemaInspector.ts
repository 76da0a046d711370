import { randomId } from './tracingSession';
import { createBeaconTransport } from './transports/beaconTransport';
import { createXhrTransport } from './transports/xhrTransport';

/**
 * Event schema inspection (SPEC §7, §9): every event's property names and types — never
 * its values — go to the inspection service in batches, so the team sees what the journey
 * really emits. Losing an observation is harmless; slowing the page is not: nothing here
 * throws, and at most a bounded number of observations wait.
 */

export const INSPECTOR_BATCH_SIZE = 30;
/** In development every observation leaves at once, to see it in the inspector while working. */
export const INSPECTOR_DEV_BATCH_SIZE = 1;
export const INSPECTOR_FLUSH_MS = 30_000;
export const INSPECTOR_MAX_STORED = 1000;
export const INSPECTOR_SESSION_MS = 5 * 60_000;
export const INSPECTOR_DEDUPE_MS = 300;

export type SchemaType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
/** Dotted property path → type, keys sorted: `{'source_metadata.campaign_id': 'string'}`. */
export type EventSchema = Record<string, SchemaType>;

/** Deeper nesting than this is recorded as 'object' (no event of ours is near it; it guards against cycles). */
const MAX_DEPTH = 8;

function typeOf(value: unknown): SchemaType | 'plain-object' | null {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'plain-object';
    default:
      // undefined, functions and symbols do not survive JSON, so they are not part of the schema.
      return null;
  }
}

/**
 * The schema of an event payload: property names and types only. Nested objects are
 * flattened into dotted paths; arrays are 'array' (their items are not described); an empty
 * object is 'object', so that its presence still shows.
 */
export function describeEventSchema(payload: object): EventSchema {
  const entries: [string, SchemaType][] = [];
  const walk = (value: object, prefix: string, depth: number) => {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const type = typeOf(child);
      if (type === null) continue;
      if (type !== 'plain-object') entries.push([path, type]);
      else if (depth >= MAX_DEPTH || Object.keys(child as object).length === 0) entries.push([path, 'object']);
      else walk(child as object, path, depth + 1);
    }
  };
  walk(payload, '', 1);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

export interface SchemaObservation {
  name: string;
  properties: EventSchema;
  /** When the event was seen, in epoch milliseconds. */
  seenAt: number;
}

/** The body of one POST to the inspection service. */
export interface SchemaInspectionBatch {
  sessionId: string;
  events: SchemaObservation[];
}

export interface SchemaInspectorOptions {
  url: string;
  appEnv: 'development' | 'test' | 'staging' | 'production';
  /** Sends one JSON body; resolves whether it was accepted. Default: beacon, else XHR POST. */
  send?: (url: string, body: string) => Promise<boolean> | boolean;
  now?: () => number;
  newSessionId?: () => string;
}

export interface SchemaInspector {
  observe(name: string, payload: object): void;
  /** Sends everything waiting now (the pipeline calls it when the page is hidden). Never rejects. */
  flush(): Promise<void>;
  /** Stops the flush timer; what waits is sent once more. */
  stop(): Promise<void>;
  /** Drops what waits, unsent (the visitor withdrew the consent it was observed under). */
  discard(): void;
}

function defaultSend(): (url: string, body: string) => Promise<boolean> {
  const beacon = createBeaconTransport();
  const xhr = createXhrTransport();
  return async (url, body) => (await beacon.send(url, body)) || xhr.send(url, body);
}

interface Waiting extends SchemaObservation {
  sessionId: string;
}

export function createSchemaInspector(options: SchemaInspectorOptions): SchemaInspector {
  const batchSize = options.appEnv === 'development' ? INSPECTOR_DEV_BATCH_SIZE : INSPECTOR_BATCH_SIZE;
  const send = options.send ?? defaultSend();
  const now = options.now ?? Date.now;
  const newSessionId = options.newSessionId ?? randomId;

  let sessionId = newSessionId();
  let lastActivity = now();
  let waiting: Waiting[] = [];
  /** When each name + schema was last accepted, for the dedupe window. */
  const lastAccepted = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  /** After a failed send, only the timer tries again: no request per observation while the service is down. */
  let backingOff = false;
  let stopped = false;

  const bound = () => {
    // When the service is unreachable, the oldest observations go first.
    if (waiting.length > INSPECTOR_MAX_STORED) waiting.splice(0, waiting.length - INSPECTOR_MAX_STORED);
  };

  const scheduleFlush = () => {
    if (timer === null && !stopped && waiting.length > 0) timer = setTimeout(() => void flush(), INSPECTOR_FLUSH_MS);
  };

  async function sendBatch(batch: Waiting[]): Promise<boolean> {
    const body: SchemaInspectionBatch = {
      sessionId: batch[0]!.sessionId,
      events: batch.map(({ name, properties, seenAt }) => ({ name, properties, seenAt })),
    };
    try {
      return (await send(options.url, JSON.stringify(body))) === true;
    } catch (error) {
      console.warn('Schema inspection request failed:', error);
      return false;
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      // One request per session id: observations from before a session rollover keep theirs.
      const first = waiting[0]!;
      let end = 1;
      while (end < waiting.length && end < batchSize && waiting[end]!.sessionId === first.sessionId) end++;
      const batch = waiting.slice(0, end);
      waiting = waiting.slice(end);
      if (!(await sendBatch(batch))) {
        waiting = [...batch, ...waiting];
        bound();
        backingOff = true;
        console.warn(`Schema inspection: ${waiting.length} observation(s) kept for the next try.`);
        break;
      }
      backingOff = false;
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    // A flush while one runs joins it: the running loop also sends what arrived meanwhile.
    inFlight ??= drain().finally(() => {
      inFlight = null;
      scheduleFlush();
    });
    return inFlight;
  }

  return {
    observe(name, payload) {
      if (stopped) return;
      try {
        const at = now();
        if (at - lastActivity >= INSPECTOR_SESSION_MS) {
          sessionId = newSessionId();
          lastAccepted.clear();
        }
        lastActivity = at;

        const properties = describeEventSchema(payload);
        const key = `${name}\u0000${JSON.stringify(properties)}`;
        const previous = lastAccepted.get(key);
        if (previous !== undefined && at - previous < INSPECTOR_DEDUPE_MS) return;
        lastAccepted.set(key, at);
        if (lastAccepted.size > 500) {
          for (const [k, seen] of lastAccepted) if (at - seen >= INSPECTOR_DEDUPE_MS) lastAccepted.delete(k);
        }

        waiting.push({ sessionId, name, properties, seenAt: at });
        bound();
        if (waiting.length >= batchSize && !backingOff) void flush();
        else scheduleFlush();
      } catch (error) {
        console.warn(`Schema inspection of "${name}" failed:`, error);
      }
    },
    flush,
    stop() {
      stopped = true;
      return flush();
    },
    discard() {
      waiting = [];
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
