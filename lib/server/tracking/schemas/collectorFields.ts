import { z } from 'zod';
import { ANALYTICS_SCHEMAS } from '@/lib/tracking/schemaRegistry';
import { checkoutContextSchema } from './analyticsSchemas';

/**
 * What the analytics collector keeps of a Snowplow event: the fields the browser tracker
 * (@snowplow/browser-tracker 4, as lib/tracking/destinations/analyticsDestination.ts
 * configures it) writes for the event types we take, each with the most characters it may
 * hold. A field outside this list is dropped, never stored; a listed field over its cap
 * refuses the event. The caps come from what the journey's real events hold, with room:
 * identifiers, screen sizes and times are short; page URLs are at most some 800 characters
 * (8 path segments of 64 and a source of 200); the largest self-describing event (a
 * purchase at the catalogue's longest names) is under 3,000 characters; the entities (the
 * web page's id and the journey's checkout_context) under 1,000. Base64 forms (`ue_px`,
 * `cx`) take a third more.
 */

const SHORT = 128;
const TEXT = 500;
const URL_MAX = 4096;
const SELF_DESCRIBING = 8 * 1024;
const ENTITIES = 2 * 1024;
const base64 = (plain: number) => Math.ceil((plain * 4) / 3) + 4;

export const COLLECTOR_FIELD_CAPS: Readonly<Record<string, number>> = {
  // The event.
  e: 2,
  eid: 36,
  dtm: 15,
  stm: 15,
  ttm: 15,
  // The tracker and the app.
  tv: 64,
  tna: SHORT,
  aid: SHORT,
  p: 4,
  // The browser, as the tracker reads it.
  cookie: 1,
  cs: 64,
  lang: 64,
  res: 32,
  cd: 8,
  tz: SHORT,
  vp: 32,
  ds: 32,
  // Session and user ids (empty or absent in anonymous mode).
  vid: 16,
  sid: SHORT,
  duid: SHORT,
  uid: 255,
  // The page.
  url: URL_MAX,
  refr: URL_MAX,
  page: TEXT,
  // Page pings.
  pp_mix: 16,
  pp_max: 16,
  pp_miy: 16,
  pp_may: 16,
  // Structured events.
  se_ca: TEXT,
  se_ac: TEXT,
  se_la: TEXT,
  se_pr: TEXT,
  se_va: 32,
  // Self-describing event and entities, plain or base64url.
  ue_pr: SELF_DESCRIBING,
  ue_px: base64(SELF_DESCRIBING),
  co: ENTITIES,
  cx: base64(ENTITIES),
};

/** The largest stored field: far below the 32 KiB each field could once hold. */
export const COLLECTOR_FIELD_MAX = Math.max(...Object.values(COLLECTOR_FIELD_CAPS));

/** A field the collector stores. */
export function isCollectorField(name: string): boolean {
  return Object.hasOwn(COLLECTOR_FIELD_CAPS, name);
}

/** The browser tracker's web page entity (contexts.webPage): one id per page view. */
export const WEB_PAGE_ENTITY = 'iglu:com.snowplowanalytics.snowplow/web_page/jsonschema/1-0-0';

const webPageSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID'),
});

/**
 * The entities (context) the collector stores, each with the schema its data must pass:
 * the tracker's web page and the journey's checkout_context. Any other entity is dropped.
 */
export const COLLECTOR_ENTITY_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  [WEB_PAGE_ENTITY]: webPageSchema,
  [ANALYTICS_SCHEMAS.checkout_context]: checkoutContextSchema,
};

export function isCollectorEntity(schema: string): boolean {
  return Object.hasOwn(COLLECTOR_ENTITY_SCHEMAS, schema);
}
