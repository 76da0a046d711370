/**
 * Schema drift: where the events the inspector observed differ from the schemas the event
 * catalogue expects (lib/server/tracking/schemas/funnelSchemas.ts, expectedEventSchemas). Pure:
 * observations in, a list of differences out.
 *
 * Both sides map a dotted property path to a type name. An expected type may allow null
 * ("string|null"); an observed type matches when it is one of the expected members.
 * A property that may be left out is marked `|absent` and is never reported missing; any
 * other is reported missing only when none of the event's observed shapes had it, so a
 * property that was renamed or dropped everywhere shows.
 */

/** One schema the inspector has seen for an event, with how often and when. */
export interface SchemaObservation {
  eventName: string;
  /** Dotted property path → type name. */
  schema: Record<string, string>;
  firstSeen: string;
  lastSeen: string;
  count: number;
}

/** Per event name, dotted property path → expected type name. */
export type ExpectedEventSchemas = Record<string, Record<string, string>>;

export const DRIFT_KINDS = ['unknown-event', 'unexpected-property', 'missing-property', 'type-changed'] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

export interface SchemaDriftEntry {
  eventName: string;
  kind: DriftKind;
  property: string | null;
  expectedType: string | null;
  observedType: string | null;
  /**
   * Over the observed shapes that show the difference; for an unknown event or a missing
   * property, over all the event's observed shapes. Counts are since first seen.
   */
  firstSeen: string;
  lastSeen: string;
  count: number;
}

/** The members of a type written with "|", such as "string|null". */
const membersOf = (type: string) => type.split('|').map((member) => member.trim());

/** Every member observed must be one the catalogue allows. */
function typeMatches(expectedType: string, observedType: string): boolean {
  const allowed = new Set(membersOf(expectedType));
  return membersOf(observedType).every((member) => allowed.has(member));
}

/** Own keys only: an event called "constructor" must not find Object.prototype. */
const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

type Difference = Pick<SchemaDriftEntry, 'kind' | 'property' | 'expectedType' | 'observedType'>;
type Seen = Pick<SchemaDriftEntry, 'firstSeen' | 'lastSeen' | 'count'>;

/** What one observed shape has that the catalogue does not expect, or of another type. */
function shapeDifferences(observed: Record<string, string>, expected: Record<string, string>): Difference[] {
  const found: Difference[] = [];
  for (const [property, observedType] of Object.entries(observed)) {
    const expectedType = own(expected, property);
    if (expectedType === undefined) found.push({ kind: 'unexpected-property', property, expectedType: null, observedType });
    else if (!typeMatches(expectedType, observedType)) found.push({ kind: 'type-changed', property, expectedType, observedType });
  }
  return found;
}

/** The widest period and the summed count of several observations. */
function spanOf(observations: readonly SchemaObservation[]): Seen {
  const span: Seen = { firstSeen: observations[0]?.firstSeen ?? '', lastSeen: observations[0]?.lastSeen ?? '', count: 0 };
  for (const observation of observations) widen(span, observation);
  return span;
}

function widen(span: Seen, seen: Seen): void {
  // ISO timestamps in UTC compare correctly as strings.
  if (seen.firstSeen < span.firstSeen) span.firstSeen = seen.firstSeen;
  if (seen.lastSeen > span.lastSeen) span.lastSeen = seen.lastSeen;
  span.count += seen.count;
}

const KIND_ORDER = new Map(DRIFT_KINDS.map((kind, index) => [kind, index]));

function byEventKindProperty(a: SchemaDriftEntry, b: SchemaDriftEntry): number {
  return (
    a.eventName.localeCompare(b.eventName) ||
    (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0) ||
    (a.property ?? '').localeCompare(b.property ?? '') ||
    (a.observedType ?? '').localeCompare(b.observedType ?? '')
  );
}

/**
 * Lists every difference between the observed schemas and the expected ones, ordered by
 * event, kind and property. The same difference seen in several observed shapes (say, one
 * unexpected property next to different optional ones) is one entry, with the widest
 * first/last seen and the summed count. An unknown event and a missing property carry the
 * span and count of all the event's observations.
 */
export function schemaDrift(observations: readonly SchemaObservation[], expected: ExpectedEventSchemas): SchemaDriftEntry[] {
  const byEvent = new Map<string, SchemaObservation[]>();
  for (const observation of observations) {
    const shapes = byEvent.get(observation.eventName);
    if (shapes) shapes.push(observation);
    else byEvent.set(observation.eventName, [observation]);
  }

  const merged = new Map<string, SchemaDriftEntry>();
  const add = (eventName: string, difference: Difference, seen: Seen) => {
    const key = JSON.stringify([eventName, difference.kind, difference.property, difference.expectedType, difference.observedType]);
    const entry = merged.get(key);
    if (entry) widen(entry, seen);
    else merged.set(key, { eventName, ...difference, firstSeen: seen.firstSeen, lastSeen: seen.lastSeen, count: seen.count });
  };

  for (const [eventName, shapes] of byEvent) {
    const expectedSchema = own(expected, eventName);
    if (!expectedSchema) {
      add(eventName, { kind: 'unknown-event', property: null, expectedType: null, observedType: null }, spanOf(shapes));
      continue;
    }
    for (const shape of shapes) {
      for (const difference of shapeDifferences(shape.schema, expectedSchema)) add(eventName, difference, shape);
    }
    for (const [property, expectedType] of Object.entries(expectedSchema)) {
      if (membersOf(expectedType).includes('absent')) continue;
      if (shapes.some((shape) => own(shape.schema, property) !== undefined)) continue;
      add(eventName, { kind: 'missing-property', property, expectedType, observedType: null }, spanOf(shapes));
    }
  }
  return [...merged.values()].sort(byEventKindProperty);
}

/**
 * Reads a stored schema_json: a JSON object of property path → type name. Anything else
 * is not the inspector's, so it is skipped (null) rather than breaking the report.
 */
export function parseObservedSchema(schemaJson: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(schemaJson);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  if (!entries.every(([, type]) => typeof type === 'string')) return null;
  return Object.fromEntries(entries) as Record<string, string>;
}
