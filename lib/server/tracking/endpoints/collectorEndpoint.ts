import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { serverEnv } from '@/lib/server/config/serverEnv';
import { ANALYTICS_SCHEMAS, analyticsSchemaName } from '@/lib/tracking/schemaRegistry';
import { ANALYTICS_DATA_SCHEMAS, type CheckoutContext } from '@/lib/server/tracking/schemas/analyticsSchemas';
import type { NewTrackingEvent } from '@/lib/server/tracking/storage/EventStore';
import { eventUsage } from '@/lib/server/tracking/storage/storedBytes';
import { parseBody, readJsonBody, refused } from './ingestHttp';
import type { IngestHandler } from './trackingRoute';
import { TIMESTAMP_MAX, TIMESTAMP_MIN } from '@/lib/server/tracking/schemas/funnelSchemas';
import {
  COLLECTOR_ENTITY_SCHEMAS,
  COLLECTOR_FIELD_CAPS,
  isCollectorEntity,
  isCollectorField,
} from '@/lib/server/tracking/schemas/collectorFields';

/**
 * The built-in analytics collector (SPEC §7 `POST /com.condenast/yv8`): the Snowplow
 * tracker's POST protocol (tracker-core `tp2`): a `payload_data` envelope whose `data` is a
 * batch of events, each a flat map of string fields (`e`, `eid`, `tv`, `p`, `dtm`, `url`,
 * `ue_pr`/`ue_px`, `co`/`cx`, …). Page views, page pings, structured events and
 * self-describing events whose schema is in the journey's registry are stored; anything
 * else refuses the whole request, as the funnel does.
 *
 * The data of a self-describing event is checked against its registered schema's data
 * schema (analyticsSchemas.ts: the catalogue payload plus `livemode` and `source`), and the
 * journey's context entity (`checkout_context`: `{campaignId, livemode, source}`), which
 * every event carries, and the tracker's web page entity against their own. Only the
 * fields and entities of collectorFields.ts are stored, each field within its cap: others
 * are dropped (and named in the answer's `ignored`), so that the collector cannot be made
 * to keep whatever a sender invents.
 *
 * Stored as: channel `analytics`; action `page_view`, `page_ping`, `structured_event`, or the
 * registry name of a self-describing event's schema; session id from `sid` (the tracker's
 * session); the `campaign_id`, `livemode` and `source` columns from the self-describing
 * event's data first, then from the `checkout_context` entity; without either, livemode
 * falls back to the page URL (`livemode=false`, SPEC §2 means test mode, else live) and
 * campaign and source are null. The payload is the event with its base64 fields decoded
 * into their plain form (`ue_px` → `ue_pr`, `cx` → `co`), so that reports read one form.
 */

/** tracker-core's default maxPostBytes is 40 000: room above it, not for abuse. */
export const COLLECTOR_BODY_MAX_BYTES = 64 * 1024;
export const COLLECTOR_MAX_EVENTS = 100;
/** Fields an event may carry, dropped ones included (the tracker writes some 35). */
const MAX_FIELDS = 100;
/** Entities an event may carry, dropped ones included (the journey's tracker attaches two). */
const MAX_ENTITIES = 20;

const PAYLOAD_DATA = /^iglu:com\.snowplowanalytics\.snowplow\/payload_data\/jsonschema\/1-0-\d+$/;
const UNSTRUCT_EVENT = 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0';
const CONTEXTS = /^iglu:com\.snowplowanalytics\.snowplow\/contexts\/jsonschema\/1-0-\d+$/;
const IGLU_URI = /^iglu:[a-zA-Z0-9._-]+\/[a-zA-Z0-9_-]+\/jsonschema\/\d+-\d+-\d+$/;

const envelopeSchema = z.strictObject({
  schema: z.string().regex(PAYLOAD_DATA, 'must be the Snowplow payload_data schema'),
  data: z
    .array(
      z
        .record(z.string().max(64), z.string())
        .refine((fields) => Object.keys(fields).length <= MAX_FIELDS, `must have at most ${MAX_FIELDS} fields`),
    )
    .min(1, 'must hold at least one event')
    .max(COLLECTOR_MAX_EVENTS, `must hold at most ${COLLECTOR_MAX_EVENTS} events`),
});

const selfDescribingSchema = z.strictObject({
  schema: z.string().regex(IGLU_URI, 'must be an Iglu schema URI'),
  data: z.record(z.string(), z.unknown()),
});
const unstructEventSchema = z.strictObject({ schema: z.literal(UNSTRUCT_EVENT), data: selfDescribingSchema });
const contextsSchema = z.strictObject({
  schema: z.string().regex(CONTEXTS, 'must be the Snowplow contexts schema'),
  data: z.array(selfDescribingSchema).max(MAX_ENTITIES, `must hold at most ${MAX_ENTITIES} entities`),
});

const EVENT_TYPES = { pv: 'page_view', pp: 'page_ping', se: 'structured_event', ue: null } as const;
const PLATFORMS = ['web', 'mob', 'pc', 'srv', 'app', 'tv', 'cnsl', 'iot'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class EventProblem extends Error {}

/** The tracker writes JSON fields either plain (`ue_pr`, `co`) or as unpadded base64url (`ue_px`, `cx`). */
function decodeJsonField(fields: Record<string, string>, plain: string, encoded: string): unknown {
  if (fields[plain] !== undefined && fields[encoded] !== undefined)
    throw new EventProblem(`${plain}: give ${plain} or ${encoded}, not both`);
  const field = fields[plain] !== undefined ? plain : encoded;
  const raw = fields[field];
  if (raw === undefined) return undefined;
  let text = raw;
  if (field === encoded) {
    if (!/^[A-Za-z0-9_\-+/]*=*$/.test(raw)) throw new EventProblem(`${encoded}: is not base64`);
    text = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EventProblem(`${field}: is not valid JSON`);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new EventProblem(`${field}${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
}

function requireField(fields: Record<string, string>, name: string): string {
  const value = fields[name];
  if (value === undefined || value === '') throw new EventProblem(`${name}: is required`);
  return value;
}

function checkTimestamp(fields: Record<string, string>, name: string): void {
  const value = fields[name];
  if (value === undefined) return;
  const ms = Number(value);
  if (!/^\d{1,15}$/.test(value) || ms < TIMESTAMP_MIN || ms > TIMESTAMP_MAX) throw new EventProblem(`${name}: must be epoch milliseconds`);
}

function pageUrl(fields: Record<string, string>, required: boolean): URL | null {
  const value = fields.url;
  if (value === undefined) {
    if (required) throw new EventProblem('url: is required');
    return null;
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url;
  } catch {
    throw new EventProblem('url: must be an http(s) URL');
  }
}

/** The event's known fields, each within its cap; the unknown ones are noted and left out. */
function knownFields(sent: Record<string, string>, ignored: (what: string) => void): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    if (!isCollectorField(name)) {
      ignored(`field ${name.slice(0, 64)}`);
      continue;
    }
    const cap = COLLECTOR_FIELD_CAPS[name]!;
    if (value.length > cap) throw new EventProblem(`${name}: must be at most ${cap} characters`);
    fields[name] = value;
  }
  return fields;
}

/** One event of the batch, checked and turned into a row; `ignored` hears what was left out. */
function analyticsEvent(sent: Record<string, string>, ignored: (what: string) => void): NewTrackingEvent {
  const fields = knownFields(sent, ignored);
  const e = requireField(fields, 'e');
  if (!Object.hasOwn(EVENT_TYPES, e)) throw new EventProblem(`e: "${e.slice(0, 20)}" is not one of ${Object.keys(EVENT_TYPES).join(', ')}`);
  const type = e as keyof typeof EVENT_TYPES;
  if (!UUID.test(requireField(fields, 'eid'))) throw new EventProblem('eid: must be a UUID');
  requireField(fields, 'tv');
  if (fields.p !== undefined && !PLATFORMS.includes(fields.p)) throw new EventProblem(`p: must be one of ${PLATFORMS.join(', ')}`);
  for (const name of ['dtm', 'stm', 'ttm']) checkTimestamp(fields, name);
  const url = pageUrl(fields, type === 'pv' || type === 'pp');

  const contexts = decodeJsonField(fields, 'co', 'cx');
  const parsedContexts = contexts === undefined ? null : parse(contextsSchema, contexts, 'co');
  // Known entities are checked and kept, others dropped; the journey's own entity: the first one counts (the tracker may attach it globally and per event).
  let context: CheckoutContext | null = null;
  const entities = (parsedContexts?.data ?? []).filter((entity, index) => {
    if (!isCollectorEntity(entity.schema)) {
      ignored(`entity ${entity.schema.slice(0, 120)}`);
      return false;
    }
    const checked = parse(COLLECTOR_ENTITY_SCHEMAS[entity.schema]!, entity.data, `co.data.${index}.data`);
    if (entity.schema === ANALYTICS_SCHEMAS.checkout_context) context ??= checked as CheckoutContext;
    return true;
  });

  let action: string = EVENT_TYPES[type] ?? '';
  let eventData: CheckoutContext | null = null;
  const payload: Record<string, unknown> = { ...fields };
  delete payload.ue_px;
  delete payload.cx;
  if (parsedContexts) payload.co = { schema: parsedContexts.schema, data: entities };
  if (type === 'ue') {
    const unstruct = decodeJsonField(fields, 'ue_pr', 'ue_px');
    if (unstruct === undefined) throw new EventProblem('ue_pr: is required for a self-describing event');
    const inner = parse(unstructEventSchema, unstruct, 'ue_pr').data;
    const name = analyticsSchemaName(inner.schema);
    if (!name) throw new EventProblem(`ue_pr.data.schema: "${inner.schema.slice(0, 120)}" is not a registered analytics schema`);
    action = name;
    eventData = parse(ANALYTICS_DATA_SCHEMAS[name] as z.ZodType<CheckoutContext>, inner.data, 'ue_pr.data.data');
    payload.ue_pr = unstruct;
  } else if (type === 'se') {
    requireField(fields, 'se_ca');
    requireField(fields, 'se_ac');
  }

  // The event's own data first, then the journey's context entity; the page URL only for the mode.
  const described = eventData ?? (context as CheckoutContext | null);
  const livemode = described ? described.livemode : url?.searchParams.get('livemode') !== 'false';
  const sid = fields.sid;
  return {
    channel: 'analytics',
    action,
    topic: null,
    campaignId: described?.campaignId ?? null,
    sessionId: sid && sid.length <= 200 ? sid : null,
    source: described?.source ?? null,
    livemode,
    payload,
  };
}

/** What the answer lists of the fields and entities left out: enough to see a tracker's change, bounded. */
const IGNORED_SHOWN = 20;

/**
 * Checks a decoded body and turns every event into a row: all valid, or a 400 naming the
 * event and field. `ignored` names (the first 20 distinct) fields and entities left out.
 */
export function analyticsEventsFrom(body: unknown): { events: NewTrackingEvent[]; ignored: string[] } {
  const envelope = parseBody(envelopeSchema, body, 'invalid_payload');
  const events: NewTrackingEvent[] = [];
  const problems: string[] = [];
  const ignored = new Set<string>();
  const note = (what: string) => {
    if (ignored.size < IGNORED_SHOWN) ignored.add(what);
  };
  envelope.data.forEach((fields, index) => {
    try {
      events.push(analyticsEvent(fields, note));
    } catch (error) {
      if (!(error instanceof EventProblem)) throw error;
      problems.push(`data.${index}.${error.message}`);
    }
  });
  if (problems.length > 0) throw refused('invalid_event', problems);
  return { events, ignored: [...ignored] };
}

/**
 * Cross-origin use (a collector host other than the page's, SPEC §7) needs CORS with
 * credentials, as the tracker sends cookies: only the site's own configured origin is
 * allowed. Same-origin, the default here, needs none of it.
 */
function allowCors(req: NextApiRequest, res: NextApiResponse): boolean {
  const origin = req.headers.origin;
  const allowed = serverEnv().PUBLIC_ORIGIN?.replace(/\/$/, '');
  res.setHeader('Vary', 'Origin');
  if (!origin || !allowed || origin !== allowed) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  return true;
}

export function collectorPreflight(req: NextApiRequest, res: NextApiResponse): void {
  if (allowCors(req, res)) {
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, SP-Anonymous');
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.status(204).end();
}

export const receiveAnalytics: IngestHandler = async (req, res, { services, seen, admit }) => {
  allowCors(req, res);
  res.setHeader('Cache-Control', 'no-store');
  const { events, ignored } = analyticsEventsFrom(await readJsonBody(req, res, COLLECTOR_BODY_MAX_BYTES, seen));
  await admit(eventUsage(events));
  await services.store.appendEvents(events);
  return ignored.length > 0 ? { accepted: events.length, ignored } : { accepted: events.length };
};
