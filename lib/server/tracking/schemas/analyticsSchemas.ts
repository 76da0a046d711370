import { z } from 'zod';
import type { AnalyticsSchemaName } from '@/lib/tracking/schemaRegistry';
import {
  addToCartPayloadSchema,
  autoRenewalConsentVisiblePayloadSchema,
  funnelUiPayloadSchema,
  purchasePayloadSchema,
  SOURCE_MAX,
  waypointPayloadSchema,
} from './funnelSchemas';

/**
 * What the analytics collector accepts as the data of the journey's self-describing events
 * and of its context entity (lib/tracking/schemaRegistry.ts). The browser
 * (lib/tracking/destinations/analyticsEvents.ts) sends, for each registered event schema,
 * the catalogue event's payload plus the page's `livemode` and `source`; so the data
 * schemas are the funnel's payload schemas (funnelSchemas.ts) extended with those two
 * fields, strict like them. Every event, page views and pings included, also carries the
 * `checkout_context` entity: `{campaignId, livemode, source}`.
 */

const modeAndSource = {
  livemode: z.boolean(),
  source: z.string().max(SOURCE_MAX, `must be at most ${SOURCE_MAX} characters`).nullable(),
};

export const checkoutContextSchema = z.strictObject({
  campaignId: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  ...modeAndSource,
});

export type CheckoutContext = z.infer<typeof checkoutContextSchema>;

/**
 * The data schema of every registered name: a new name in the registry does not compile
 * until it has one here, so the collector never stores a registered event unchecked.
 */
export const ANALYTICS_DATA_SCHEMAS = {
  checkout_waypoint: waypointPayloadSchema.extend(modeAndSource),
  checkout_interaction: funnelUiPayloadSchema.extend(modeAndSource),
  checkout_add_to_cart: addToCartPayloadSchema.extend(modeAndSource),
  checkout_purchase: purchasePayloadSchema.extend(modeAndSource),
  checkout_renewal_terms_visible: autoRenewalConsentVisiblePayloadSchema.extend(modeAndSource),
  // Not an event but an entity; a markup-bound analytics action could still send it as one.
  checkout_context: checkoutContextSchema,
} as const satisfies Record<AnalyticsSchemaName, z.ZodType<{ campaignId: string; livemode: boolean; source: string | null }>>;
