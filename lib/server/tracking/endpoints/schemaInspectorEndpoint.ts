import { z } from 'zod';
import { HttpError } from '@/lib/server/http/HttpError';
import type { SchemaObservation } from '@/lib/server/tracking/storage/EventStore';
import { observationUsage } from '@/lib/server/tracking/storage/storedBytes';
import { checkApiKey } from './funnelEndpoint';
import { TIMESTAMP_MAX, TIMESTAMP_MIN } from '@/lib/server/tracking/schemas/funnelSchemas';
import { parseBody, readJsonBody } from './ingestHttp';
import type { IngestHandler } from './trackingRoute';

/**
 * The built-in schema-inspection endpoint (SPEC §7, §9):
 * `POST /martech/api/schema-inspector?api_key=K`, the funnel's key. The browser batches
 * the shapes of the events it emitted, property names and types only (never values), and
 * we keep each distinct (event name, shape) with when it was first and last seen and how
 * often. Event names outside the catalogue are kept too: they are the drift this exists to
 * show. Each distinct pair is a row for ever, so what one can be is bounded: a name like
 * the catalogue's (lower case, at most 64 characters), at most 64 properties, paths of at
 * most 128 characters, and at most 100 distinct shapes per request (the journey emits six
 * events, each in one or two shapes).
 */

export const INSPECTOR_BODY_MAX_BYTES = 64 * 1024;
/** The client keeps at most 1000 events (SPEC §9). */
export const INSPECTOR_MAX_EVENTS = 1000;
/** Event names as the catalogue writes them (`add-to-cart`, `funnel-ui`): nothing that needs escaping anywhere. */
export const INSPECTOR_EVENT_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
/** The largest catalogue event has 13 properties. */
export const INSPECTOR_MAX_PROPERTIES = 64;
export const INSPECTOR_PROPERTY_PATH_MAX = 128;
/** Distinct (name, shape) pairs one request may add. */
export const INSPECTOR_MAX_SHAPES = 100;

const propertyType = z.enum(['string', 'number', 'boolean', 'object', 'array', 'null']);

/**
 * When the event was seen: epoch milliseconds, or an ISO 8601 time (what the browser's
 * inspector in lib/tracking/schemaInspector.ts sends); either way within the sane range.
 */
const seenAtSchema = z
  .union([z.number().int('must be whole milliseconds'), z.iso.datetime({ offset: true }).transform((value) => Date.parse(value))])
  .pipe(
    z
      .number()
      .min(TIMESTAMP_MIN, 'must be after 2000-01-01 (epoch milliseconds or ISO 8601)')
      .max(TIMESTAMP_MAX, 'must be before 2100-01-01'),
  );

export const inspectorBatchSchema = z.strictObject({
  sessionId: z.string().min(1).max(200),
  events: z
    .array(
      z.strictObject({
        name: z
          .string()
          .regex(INSPECTOR_EVENT_NAME, 'must be 1 to 64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit'),
        properties: z
          .record(
            z
              .string()
              .min(1, 'a property path must not be empty')
              .max(INSPECTOR_PROPERTY_PATH_MAX, `a property path must be at most ${INSPECTOR_PROPERTY_PATH_MAX} characters`),
            propertyType,
          )
          .refine(
            (properties) => Object.keys(properties).length <= INSPECTOR_MAX_PROPERTIES,
            `must have at most ${INSPECTOR_MAX_PROPERTIES} properties`,
          ),
        seenAt: seenAtSchema,
      }),
    )
    .max(INSPECTOR_MAX_EVENTS, `must hold at most ${INSPECTOR_MAX_EVENTS} events`),
});

export type InspectorBatch = z.infer<typeof inspectorBatchSchema>;

/** Property types as JSON with sorted keys: the same shape always gives the same text, whatever order it was sent in. */
export function schemaJson(properties: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/**
 * One observation per distinct shape in the batch, each sighting counting once. A client
 * clock ahead of ours is not believed: seen times are capped at the server's now.
 */
export function observationsFrom(batch: InspectorBatch, now: Date): SchemaObservation[] {
  const byShape = new Map<string, SchemaObservation>();
  for (const event of batch.events) {
    const json = schemaJson(event.properties);
    const seen = new Date(Math.min(event.seenAt, now.getTime()));
    const key = `${event.name}\u0000${json}`;
    const known = byShape.get(key);
    if (!known) {
      byShape.set(key, { eventName: event.name, schemaJson: json, firstSeen: seen, lastSeen: seen, count: 1 });
      continue;
    }
    known.count += 1;
    if (seen < known.firstSeen) known.firstSeen = seen;
    if (seen > known.lastSeen) known.lastSeen = seen;
  }
  return [...byShape.values()];
}

export const receiveSchemas: IngestHandler = async (req, res, { services, seen, admit }) => {
  res.setHeader('Cache-Control', 'no-store');
  // The body is read first so that a refused request's bad row shows what was sent, as the funnel does.
  const body = await readJsonBody(req, res, INSPECTOR_BODY_MAX_BYTES, seen);
  checkApiKey(req, services.env.FUNNEL_API_KEY);
  const batch = parseBody(inspectorBatchSchema, body);
  const observations = observationsFrom(batch, services.now());
  if (observations.length > INSPECTOR_MAX_SHAPES) {
    throw new HttpError(
      413,
      'too_many_schemas',
      `A request may carry at most ${INSPECTOR_MAX_SHAPES} distinct event schemas; this one has ${observations.length}.`,
    );
  }
  // Counted by the rows it writes (one upsert per distinct shape), not by its sightings: the
  // events sighted were counted when the funnel took them, and a batch may describe up to 1000.
  await admit(observationUsage(observations));
  await services.store.recordObservations(observations);
  return { accepted: batch.events.length, schemas: observations.length };
};
