import type { ExperimentMark } from '@/lib/experiments/experiment';
/**
 * The one typed catalogue of the journey's events (SPEC §3, §4). Each event is built by a
 * pure `build*` function: the offer page's here, the later steps' and the order's in
 * orderEvents.ts, which loads with those steps; `track` accepts only events of this catalogue, and
 * `funnelItemFor` turns one into the item the funnel endpoint receives (SPEC §7).
 * The server validates every item against the same shapes (lib/server/tracking/schemas/funnelSchemas).
 */
import { STEP_WAYPOINTS, waypointOf, type StepWaypoint } from '@/lib/journey/steps';

export type FunnelTopic = 'cart.ui' | 'waypoint.journey';
/** What a visitor does to an element; the funnel endpoint accepts only these. */
export const UI_ACTIONS = ['click', 'hover', 'focus', 'impression', 'submit'] as const;
export type UiAction = (typeof UI_ACTIONS)[number];

/** A funnel UI event (SPEC §3): a visitor's action on an element of the journey. */
export interface FunnelUiEvent {
  name: 'funnel-ui';
  payload: { _topic: FunnelTopic; action: UiAction; el: string; position: string; campaignId: string };
}

/** The waypoints of the funnel: the step list's (SPEC §2, §4), and `page-navigation` for any page load. */
export type WaypointId = 'page-navigation' | StepWaypoint;
export const WAYPOINT_IDS = ['page-navigation', ...STEP_WAYPOINTS] as readonly [WaypointId, ...WaypointId[]];

/** A page or waypoint load (SPEC §3 page-load event); depth 115 marks a promo code applied. */
export interface WaypointEvent {
  name: 'waypoint';
  payload: {
    waypointId: WaypointId;
    depth: 100 | 115;
    timestamp: number;
    currentPage: string;
    campaignId: string;
    /** The audience segment the visitor joins on this waypoint (the offer page adds `mtu.v`). */
    segment?: string;
    /** The promo code applied (depth 115 only). */
    promoCode?: string;
  };
}

/** A cart line as tracked (SPEC §3 cart item): price in cents, currency as its symbol. */
export interface TrackedCartItem {
  id: string;
  name: string;
  price: number;
  currency: string;
  currencyCode: string;
  campaignId: string;
}

/** Add to cart (SPEC §4): the cart is emptied first, then the item added. */
export interface AddToCartEvent {
  name: 'add-to-cart';
  payload: { timestamp: number; campaignId: string; item: TrackedCartItem; source: string | null };
}

/** The order as tracked on the success page: shipping is always 0, the targeter is `source` (SPEC §2, §5). */
export interface PurchaseEvent {
  name: 'purchase';
  payload: {
    timestamp: number;
    campaignId: string;
    transactionId: string;
    invoiceNumber: string | null;
    currencyCode: string;
    /** Cents, as every amount of the journey. */
    revenue: number;
    tax: number;
    shipping: 0;
    coupon: string | null;
    targeter: string | null;
    items: TrackedCartItem[];
  };
}

/** The auto-renewal terms came into view (SPEC §3). */
export interface AutoRenewalConsentVisibleEvent {
  name: 'auto-renewal-consent-visible';
  payload: {
    timestamp: number;
    campaignId: string;
    action: 'onvisible';
    country: string;
    brand: string;
    region: string | null;
    page: string;
    elementId: 'renewal-notice-consent';
  };
}

/** The buyer's marketing permissions, sent when the order is placed (SPEC §3). */
export interface MarketingPermissionsEvent {
  name: 'marketing-permissions';
  payload: {
    timestamp: number;
    first_pp: boolean;
    third_pp: boolean;
    newsletter_perm: boolean;
    newsletter_perm_id: string | null;
    first_pp_other_brands: boolean;
    amg_uuid: string | null;
    email: string;
    country: string;
    brand: string;
    source: string;
    source_metadata: { campaign_id: string };
    action: string;
  };
}

export type JourneyEvent =
  FunnelUiEvent | WaypointEvent | AddToCartEvent | PurchaseEvent | AutoRenewalConsentVisibleEvent | MarketingPermissionsEvent;
export type JourneyEventName = JourneyEvent['name'];
export const JOURNEY_EVENT_NAMES = [
  'funnel-ui',
  'waypoint',
  'add-to-cart',
  'purchase',
  'auto-renewal-consent-visible',
  'marketing-permissions',
] as const satisfies readonly JourneyEventName[];

// ——— Funnel UI events ———

/** The funnel wrapper: every funnel UI event goes through it, and one without an action is a bug (SPEC §8). */
export function buildFunnelEvent(fields: {
  _topic: FunnelTopic;
  action: UiAction | '' | undefined | null;
  el: string;
  position: string;
  campaignId: string;
}): FunnelUiEvent {
  if (!fields.action) throw new Error('Missing action for FunnelEvent');
  return {
    name: 'funnel-ui',
    payload: { _topic: fields._topic, action: fields.action, el: fields.el, position: fields.position, campaignId: fields.campaignId },
  };
}

export type CartExitLink = 'magic-link' | 'sign-in';

/** Hover or click on an offer's subscribe button (SPEC §4 subscription intent). */
export function buildSubscriptionIntent(action: 'hover' | 'click', offerId: string, campaignId: string): FunnelUiEvent {
  return buildFunnelEvent({ _topic: 'waypoint.journey', action, el: 'subscribe', position: `offer-${offerId}`, campaignId });
}

// ——— Waypoints ———

/** Where and when a page's waypoint happened. */
export interface PageContext {
  campaignId: string;
  currentPage: string;
  timestamp: number;
}

/** Any page load (SPEC §3 page-load event). */
export function buildPageLoad({ campaignId, currentPage, timestamp }: PageContext): WaypointEvent {
  return { name: 'waypoint', payload: { waypointId: 'page-navigation', depth: 100, timestamp, currentPage, campaignId } };
}

/** The offer page's load: depth 100, and the visitor joins segment `mtu.v` (SPEC §4). */
export function buildOfferPageLoad({ campaignId, currentPage, timestamp }: PageContext): WaypointEvent {
  return {
    name: 'waypoint',
    payload: { waypointId: waypointOf('campaign'), depth: 100, timestamp, currentPage, campaignId, segment: 'mtu.v' },
  };
}

// ——— Commerce ———

export function buildAddToCart(item: TrackedCartItem, context: { timestamp: number; source: string | null }): AddToCartEvent {
  return { name: 'add-to-cart', payload: { timestamp: context.timestamp, campaignId: item.campaignId, item, source: context.source } };
}

// ——— The funnel's wire format (SPEC §7) ———

/** Enrichment the pipeline adds to every item: who (per session, only with consent to store it) and where from. */
export interface FunnelContext {
  /** The tracing session id with full consent; a per-page-view id in anonymous mode. */
  sessionId: string;
  source: string | null;
  livemode: boolean;
  /** The experiment and variant the page showed, when the visitor is enrolled in one (issue 41). */
  experiment?: ExperimentMark;
}

/** One item of the body of `POST /martech/api/funnel`: `{action, payload, _topic?}` plus our context. */
export interface FunnelItem {
  action: string;
  payload: Record<string, unknown>;
  _topic?: FunnelTopic;
  _context?: FunnelContext;
}

/**
 * UI events travel as `{_topic, action: 'click', payload: {el, position, campaignId}}`;
 * the others as `{action: <event name>, payload}`.
 */
export function funnelItemFor(event: JourneyEvent, context?: FunnelContext): FunnelItem {
  const withContext = context ? { _context: context } : {};
  if (event.name === 'funnel-ui') {
    const { _topic, action, ...payload } = event.payload;
    return { action, _topic, payload, ...withContext };
  }
  return { action: event.name, payload: { ...event.payload }, ...withContext };
}
