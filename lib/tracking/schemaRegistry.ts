/**
 * The analytics schemas the journey's self-describing events use (Iglu URIs). Asking for a
 * name that is not registered is a programming error and throws (SPEC §8); the collector
 * endpoint accepts only these schemas.
 */
export const ANALYTICS_SCHEMAS = {
  checkout_waypoint: 'iglu:com.condenast/checkout_waypoint/jsonschema/1-0-0',
  checkout_interaction: 'iglu:com.condenast/checkout_interaction/jsonschema/1-0-0',
  checkout_add_to_cart: 'iglu:com.condenast/checkout_add_to_cart/jsonschema/1-0-0',
  checkout_purchase: 'iglu:com.condenast/checkout_purchase/jsonschema/1-0-0',
  checkout_renewal_terms_visible: 'iglu:com.condenast/checkout_renewal_terms_visible/jsonschema/1-0-0',
  /** The context entity every analytics event carries: {campaignId, livemode, source}. */
  checkout_context: 'iglu:com.condenast/checkout_context/jsonschema/1-0-0',
} as const;

export type AnalyticsSchemaName = keyof typeof ANALYTICS_SCHEMAS;

export function analyticsSchemaUri(name: string): string {
  if (!Object.hasOwn(ANALYTICS_SCHEMAS, name)) {
    throw new Error(`Unknown analytics schema "${name}"; registered: ${Object.keys(ANALYTICS_SCHEMAS).join(', ')}`);
  }
  return ANALYTICS_SCHEMAS[name as AnalyticsSchemaName];
}

/** The registered name of a schema URI, or null: how the collector recognises our events. */
export function analyticsSchemaName(uri: string): AnalyticsSchemaName | null {
  const entry = Object.entries(ANALYTICS_SCHEMAS).find(([, value]) => value === uri);
  return entry ? (entry[0] as AnalyticsSchemaName) : null;
}
