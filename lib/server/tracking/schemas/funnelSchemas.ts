import { z } from 'zod';
import { EXPERIMENT_ID, VARIANT_KEYS } from '@/lib/experiments/experiment';
import {
  UI_ACTIONS,
  WAYPOINT_IDS,
  type AddToCartEvent,
  type AutoRenewalConsentVisibleEvent,
  type FunnelContext,
  type FunnelUiEvent,
  type JourneyEventName,
  type MarketingPermissionsEvent,
  type PurchaseEvent,
  type TrackedCartItem,
  type WaypointEvent,
} from '@/lib/tracking/events';

/**
 * The server's copy of the event catalogue (lib/tracking/events.ts) as zod schemas: every
 * funnel item is checked against them before anything is stored. Objects are strict
 * (unknown keys are drift, not data), strings are capped, numbers are finite, and
 * timestamps are epoch milliseconds in a sane range. The compile-time checks at the end
 * keep these schemas and the catalogue's types equal, so neither can change alone.
 */

/**
 * The caps are never narrower than what the journey can legitimately put in a field, or a
 * real visitor's events would be refused (and with them every other item of the same
 * beacon). What the journey produces is bounded by the catalogue (lib/catalogue/catalogueFile.ts)
 * and the browser; catalogueLimits.test.ts builds the events of offers, flows and coupons
 * at the catalogue's maximum lengths with the real builders and checks they pass here.
 *
 *   field                                  what the journey can put there              cap
 *   ids (offer, campaign, transaction,     offer id ≤ 18 digits, campaign id ≤ 64,      ID_MAX (200)
 *     session, element, position,          txn_ + 24 hex, coupon code ≤ 32,
 *     promo code, segment)                 `offer-<offer id>`, `mtu.v`
 *   cart item name                         add-to-cart: the offer's description        ITEM_NAME_MAX (500)
 *                                          (≤ 500); purchase: the offer's name (≤ 120)
 *   source, targeter                       `source` query parameter, ≤ 200 after trim   SOURCE_MAX (200)
 *                                          (lib/journey/query.ts)
 *   currentPage, page                      window.location.pathname of a journey page: URL_MAX (2048)
 *                                          ≤ 8 segments of ≤ 64 (lib/journey/path.ts)
 *   brand, country, region, other text     brand slug ≤ 64, country/region codes        TEXT_MAX (200) / 64
 */

/** Free text the page produces (brand slugs, invoice numbers, actions, newsletter ids). */
const TEXT_MAX = 200;
/** Ids the page or the catalogue makes: offer ids (≤ 18 digits), campaign ids (≤ 64), coupon codes (≤ 32), transaction ids. */
const ID_MAX = 200;
/** A cart line's name is the offer's description on add-to-cart: the catalogue allows 500 characters. */
export const ITEM_NAME_MAX = 500;
/** The `source` query parameter (lib/journey/query.ts allows 200 characters). */
export const SOURCE_MAX = 200;
/** Paths and URLs (a journey path is at most 8 segments of 64 characters; a test page may add its query). */
const URL_MAX = 2048;
/** RFC 5321's limit for an address. */
const EMAIL_MAX = 254;

const text = (max = TEXT_MAX) => z.string().max(max, `must be at most ${max} characters`);
const id = () => z.string().min(1, 'must not be empty').max(ID_MAX, `must be at most ${ID_MAX} characters`);
const source = () => text(SOURCE_MAX);

/** 2000-01-01 .. 2100-01-01: wide enough for any clock, narrow enough to catch seconds or garbage. */
export const TIMESTAMP_MIN = Date.UTC(2000, 0, 1);
export const TIMESTAMP_MAX = Date.UTC(2100, 0, 1);
export const timestampSchema = z
  .number()
  .int('must be whole milliseconds since the epoch')
  .min(TIMESTAMP_MIN, 'must be epoch milliseconds after 2000-01-01')
  .max(TIMESTAMP_MAX, 'must be epoch milliseconds before 2100-01-01');

/** Amounts are integer cents (DESIGN §4); a billion dollars is far beyond any subscription. */
const cents = z.number().int('must be whole cents').min(0).max(100_000_000_000);
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD');
/** Lenient on purpose: the form validated the address; here we only refuse what is clearly not one. */
const email = z
  .string()
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address');

// ——— Payloads, one per catalogue event ———

export const funnelUiPayloadSchema = z.strictObject({
  _topic: z.enum(['cart.ui', 'waypoint.journey']),
  action: z.enum(UI_ACTIONS),
  el: id(),
  position: id(),
  campaignId: id(),
});

export const waypointPayloadSchema = z.strictObject({
  waypointId: z.enum(WAYPOINT_IDS),
  depth: z.literal([100, 115]),
  timestamp: timestampSchema,
  currentPage: text(URL_MAX),
  campaignId: id(),
  segment: id().optional(),
  promoCode: id().optional(),
});

export const trackedCartItemSchema = z.strictObject({
  id: id(),
  name: text(ITEM_NAME_MAX),
  price: cents,
  currency: text(8),
  currencyCode,
  campaignId: id(),
});

export const addToCartPayloadSchema = z.strictObject({
  timestamp: timestampSchema,
  campaignId: id(),
  item: trackedCartItemSchema,
  source: source().nullable(),
});

export const purchasePayloadSchema = z.strictObject({
  timestamp: timestampSchema,
  campaignId: id(),
  transactionId: id(),
  invoiceNumber: text().nullable(),
  currencyCode,
  revenue: cents,
  tax: cents,
  shipping: z.literal(0),
  coupon: text().nullable(),
  targeter: source().nullable(),
  items: z.array(trackedCartItemSchema).max(50, 'must have at most 50 items'),
});

export const autoRenewalConsentVisiblePayloadSchema = z.strictObject({
  timestamp: timestampSchema,
  campaignId: id(),
  action: z.literal('onvisible'),
  country: text(64),
  brand: text(),
  region: text(64).nullable(),
  page: text(URL_MAX),
  elementId: z.literal('renewal-notice-consent'),
});

export const marketingPermissionsPayloadSchema = z.strictObject({
  timestamp: timestampSchema,
  first_pp: z.boolean(),
  third_pp: z.boolean(),
  newsletter_perm: z.boolean(),
  newsletter_perm_id: text().nullable(),
  first_pp_other_brands: z.boolean(),
  amg_uuid: text().nullable(),
  email,
  country: text(64),
  brand: text(),
  source: text(),
  source_metadata: z.strictObject({ campaign_id: id() }),
  action: text(),
});

/** Each catalogue event's payload schema, keyed by the event's name. */
export const EVENT_PAYLOAD_SCHEMAS = {
  'funnel-ui': funnelUiPayloadSchema,
  waypoint: waypointPayloadSchema,
  'add-to-cart': addToCartPayloadSchema,
  purchase: purchasePayloadSchema,
  'auto-renewal-consent-visible': autoRenewalConsentVisiblePayloadSchema,
  'marketing-permissions': marketingPermissionsPayloadSchema,
} as const satisfies Record<JourneyEventName, z.ZodType>;

// ——— Funnel items (the wire format of POST /martech/api/funnel) ———

export const funnelContextSchema = z.strictObject({
  sessionId: id(),
  source: source().nullable(),
  livemode: z.boolean(),
  experiment: z
    .strictObject({
      id: z.string().regex(EXPERIMENT_ID, 'must be an experiment id such as exp_0123456789abcdef'),
      variant: z.enum(VARIANT_KEYS),
    })
    .optional(),
});

/** UI events travel as `{action, _topic, payload: {el, position, campaignId}}` (funnelItemFor). */
export const funnelUiItemSchema = z.strictObject({
  action: funnelUiPayloadSchema.shape.action,
  _topic: funnelUiPayloadSchema.shape._topic,
  payload: funnelUiPayloadSchema.omit({ _topic: true, action: true }),
  _context: funnelContextSchema.optional(),
});

function eventItemSchema<const Name extends Exclude<JourneyEventName, 'funnel-ui'>>(name: Name) {
  return z.strictObject({
    action: z.literal(name),
    payload: EVENT_PAYLOAD_SCHEMAS[name],
    _context: funnelContextSchema.optional(),
  });
}

/**
 * Item schemas by the item's `action`: a UI action means a UI item (which must carry its
 * `_topic`), any other action names the catalogue event. Choosing the schema by action
 * first gives one precise message ("payload.timestamp: …") instead of a union's guesses.
 */
export const FUNNEL_ITEM_SCHEMAS = {
  click: funnelUiItemSchema,
  hover: funnelUiItemSchema,
  focus: funnelUiItemSchema,
  impression: funnelUiItemSchema,
  submit: funnelUiItemSchema,
  waypoint: eventItemSchema('waypoint'),
  'add-to-cart': eventItemSchema('add-to-cart'),
  purchase: eventItemSchema('purchase'),
  'auto-renewal-consent-visible': eventItemSchema('auto-renewal-consent-visible'),
  'marketing-permissions': eventItemSchema('marketing-permissions'),
} as const;

export type FunnelItemAction = keyof typeof FUNNEL_ITEM_SCHEMAS;
export type ValidFunnelItem = z.infer<(typeof FUNNEL_ITEM_SCHEMAS)[FunnelItemAction]>;

export const FUNNEL_ITEM_ACTIONS = Object.keys(FUNNEL_ITEM_SCHEMAS) as FunnelItemAction[];

export type FunnelItemCheck = { ok: true; item: ValidFunnelItem } | { ok: false; problems: string[] };

/** Checks one item; problems name the field by its path inside the item ("payload.item.price: …"). */
export function checkFunnelItem(value: unknown): FunnelItemCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problems: ['must be an object {action, payload}'] };
  const action = (value as { action?: unknown }).action;
  if (typeof action !== 'string' || !Object.hasOwn(FUNNEL_ITEM_SCHEMAS, action)) {
    const shown = typeof action === 'string' ? `"${action.slice(0, 40)}"` : String(action);
    return { ok: false, problems: [`action: ${shown} is not one of ${FUNNEL_ITEM_ACTIONS.join(', ')}`] };
  }
  const result = FUNNEL_ITEM_SCHEMAS[action as FunnelItemAction].safeParse(value);
  if (result.success) return { ok: true, item: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'item'}: ${issue.message}`),
  };
}

// ——— Property types for schema-drift reports ———

export type PropertyType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
/**
 * A property's expected type. Convention: a property that may be null is `'<type>|null'`
 * (e.g. `'string|null'`); a property that may be left out is `'<type>|absent'` (the drift
 * report then never calls it missing); a nested object is flattened into dotted leaf paths
 * (`source_metadata.campaign_id`, `item.price`) and the object itself is not listed; an
 * array is `'array'` (elements are not described).
 */
type PresentType = PropertyType | `${Exclude<PropertyType, 'null'>}|null`;
export type ExpectedPropertyType = PresentType | `${PresentType}|absent`;

function literalType(value: unknown): PropertyType {
  if (value === null) return 'null';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  throw new Error(`unsupported literal ${String(value)}`);
}

/** Walks a schema of this file (the shapes used above: object, string, number, boolean, literal, enum, array, nullable, optional). */
function describe(schema: z.ZodType, path: string, into: Record<string, ExpectedPropertyType>, nullable = false, optional = false): void {
  const def = (schema as unknown as { def: { type: string; innerType?: z.ZodType; values?: unknown[]; entries?: Record<string, unknown> } })
    .def;
  const put = (type: PropertyType) => {
    const present: PresentType = nullable && type !== 'null' ? `${type}|null` : type;
    into[path] = optional ? `${present}|absent` : present;
  };
  switch (def.type) {
    case 'optional':
      return describe(def.innerType!, path, into, nullable, true);
    case 'nullable':
      return describe(def.innerType!, path, into, true, optional);
    case 'object':
      for (const [key, child] of Object.entries((schema as z.ZodObject).shape))
        describe(child as z.ZodType, path ? `${path}.${key}` : key, into);
      return;
    case 'string':
    case 'number':
    case 'boolean':
    case 'array':
      return put(def.type);
    case 'literal': {
      const types = new Set((def.values ?? []).map(literalType));
      if (types.size !== 1) throw new Error(`${path}: literals of mixed types`);
      return put([...types][0]!);
    }
    case 'enum': {
      const types = new Set(Object.values(def.entries ?? {}).map(literalType));
      if (types.size !== 1) throw new Error(`${path}: enum of mixed types`);
      return put([...types][0]!);
    }
    default:
      throw new Error(`${path}: cannot describe a ${def.type} schema`);
  }
}

/**
 * Each catalogue event's payload properties and their types (see ExpectedPropertyType for
 * the convention), derived from the same schemas the funnel validates with, so that what
 * the drift report expects is what the server accepts. Keys are catalogue event names; the
 * `funnel-ui` payload includes `_topic` and `action`.
 */
export function expectedEventSchemas(): Record<JourneyEventName, Record<string, ExpectedPropertyType>> {
  const out = {} as Record<JourneyEventName, Record<string, ExpectedPropertyType>>;
  for (const [name, schema] of Object.entries(EVENT_PAYLOAD_SCHEMAS) as [JourneyEventName, z.ZodType][]) {
    const properties: Record<string, ExpectedPropertyType> = {};
    describe(schema, '', properties);
    out[name] = properties;
  }
  return out;
}

// ——— Compile-time: the schemas and the catalogue's types are the same ———

/** Assignable both ways, and the same keys (mutual assignability alone misses an extra optional key). */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
function assertSame<T extends true>(): T | void {}
assertSame<Same<z.infer<typeof funnelUiPayloadSchema>, FunnelUiEvent['payload']>>();
assertSame<Same<z.infer<typeof waypointPayloadSchema>, WaypointEvent['payload']>>();
assertSame<Same<z.infer<typeof trackedCartItemSchema>, TrackedCartItem>>();
assertSame<Same<z.infer<typeof addToCartPayloadSchema>, AddToCartEvent['payload']>>();
assertSame<Same<z.infer<typeof purchasePayloadSchema>, PurchaseEvent['payload']>>();
assertSame<Same<z.infer<typeof autoRenewalConsentVisiblePayloadSchema>, AutoRenewalConsentVisibleEvent['payload']>>();
assertSame<Same<z.infer<typeof marketingPermissionsPayloadSchema>, MarketingPermissionsEvent['payload']>>();
assertSame<Same<z.infer<typeof funnelContextSchema>, FunnelContext>>();
