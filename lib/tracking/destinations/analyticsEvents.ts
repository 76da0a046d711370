import type { JourneyEvent } from '@/lib/tracking/events';
import { analyticsSchemaUri, type AnalyticsSchemaName } from '@/lib/tracking/schemaRegistry';
import type { EventContext } from '@/lib/tracking/pipeline';

export type AnalyticsCall =
  { kind: 'page_view'; title?: string } | { kind: 'self_describing'; schema: string; data: Record<string, unknown> };

const SCHEMA_FOR: Record<Exclude<JourneyEvent['name'], 'marketing-permissions'>, AnalyticsSchemaName> = {
  waypoint: 'checkout_waypoint',
  'funnel-ui': 'checkout_interaction',
  'add-to-cart': 'checkout_add_to_cart',
  purchase: 'checkout_purchase',
  'auto-renewal-consent-visible': 'checkout_renewal_terms_visible',
};

/**
 * What the analytics collector hears of a journey event: a page view for every page
 * load, a self-describing event (schema from the registry) for the rest. Marketing
 * permissions carry an e-mail address and go to the funnel only.
 */
export function analyticsCallFor(event: JourneyEvent, context: Pick<EventContext, 'livemode' | 'source'>): AnalyticsCall | null {
  if (event.name === 'marketing-permissions') return null;
  if (event.name === 'waypoint' && event.payload.waypointId === 'page-navigation') return { kind: 'page_view' };
  return {
    kind: 'self_describing',
    schema: analyticsSchemaUri(SCHEMA_FOR[event.name]),
    data: { ...event.payload, livemode: context.livemode, source: context.source },
  };
}
