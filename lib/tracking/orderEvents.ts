/**
 * The builders of the events the steps after the offer send (the cart, the promo code, the
 * payment step, the success page) and of the order itself. The catalogue's types stay in
 * events.ts; these builders load with the steps that send them, not in the offer page's
 * first load.
 */
import type { TransactionView } from '@/lib/checkout/transactionView';
import { waypointOf } from '@/lib/journey/steps';
import { currencySymbol } from '@/lib/pricing/currencies';
import {
  buildFunnelEvent,
  type AutoRenewalConsentVisibleEvent,
  type CartExitLink,
  type FunnelUiEvent,
  type MarketingPermissionsEvent,
  type PageContext,
  type PurchaseEvent,
  type WaypointEvent,
} from './events';

/** Click on the cart exit's magic-link or sign-in link (SPEC §4, both cart-exit). */
export function buildCartExitClick(link: CartExitLink, campaignId: string): FunnelUiEvent {
  return buildFunnelEvent({ _topic: 'cart.ui', action: 'click', el: link, position: 'cart-exit', campaignId });
}

/** Focus on the first-name field (SPEC §4: billing-information). */
export function buildFirstNameFocus(campaignId: string): FunnelUiEvent {
  return buildFunnelEvent({ _topic: 'waypoint.journey', action: 'focus', el: 'first-name', position: 'billing-information', campaignId });
}

/** Click on the success page's magic link, which signs the new subscriber in to read. */
export function buildSuccessMagicLinkClick(campaignId: string): FunnelUiEvent {
  return buildFunnelEvent({ _topic: 'waypoint.journey', action: 'click', el: 'magic-link', position: 'success', campaignId });
}

/** The cart's load: the step between the offer and the card that the funnel report counts. */
export function buildCartLoad({ campaignId, currentPage, timestamp }: PageContext): WaypointEvent {
  return { name: 'waypoint', payload: { waypointId: waypointOf('cart'), depth: 100, timestamp, currentPage, campaignId } };
}

/** The credit-card waypoint's load (SPEC §4: depth 100). */
export function buildCreditCardWaypointLoad({ campaignId, currentPage, timestamp }: PageContext): WaypointEvent {
  return { name: 'waypoint', payload: { waypointId: waypointOf('credit-card'), depth: 100, timestamp, currentPage, campaignId } };
}

/** A promo code applied (SPEC §4: depth 115). */
export function buildPromoCodeApply(context: PageContext & { promoCode: string }): WaypointEvent {
  const { campaignId, currentPage, timestamp, promoCode } = context;
  return { name: 'waypoint', payload: { waypointId: waypointOf('promo-code'), depth: 115, timestamp, currentPage, campaignId, promoCode } };
}

/** The success page's load (SPEC §4). */
export function buildSuccessPageLoad({ campaignId, currentPage, timestamp }: PageContext): WaypointEvent {
  return { name: 'waypoint', payload: { waypointId: waypointOf('success'), depth: 100, timestamp, currentPage, campaignId } };
}

export function buildPurchase(order: Omit<PurchaseEvent['payload'], 'shipping'>): PurchaseEvent {
  return { name: 'purchase', payload: { ...order, shipping: 0 } };
}

export function buildAutoRenewalConsentVisible(fields: {
  timestamp: number;
  campaignId: string;
  country: string;
  brand: string;
  region: string | null;
  page: string;
}): AutoRenewalConsentVisibleEvent {
  return { name: 'auto-renewal-consent-visible', payload: { ...fields, action: 'onvisible', elementId: 'renewal-notice-consent' } };
}

export interface MarketingPermissionsInput {
  timestamp: number;
  first_pp: boolean;
  third_pp: boolean;
  newsletter_perm: boolean;
  newsletter_perm_id?: string | null;
  first_pp_other_brands: boolean;
  amg_uuid: string | null;
  email: string;
  country: string;
  brand: string;
  campaignId: string;
  source?: string;
  action?: string;
}

/** Marketing permissions with the spec's defaults: source `martech-order-form`, action `order-purchased`. */
export function buildMarketingPermissions(input: MarketingPermissionsInput): MarketingPermissionsEvent {
  return {
    name: 'marketing-permissions',
    payload: {
      timestamp: input.timestamp,
      first_pp: input.first_pp,
      third_pp: input.third_pp,
      newsletter_perm: input.newsletter_perm,
      newsletter_perm_id: input.newsletter_perm_id ?? null,
      first_pp_other_brands: input.first_pp_other_brands,
      amg_uuid: input.amg_uuid,
      email: input.email,
      country: input.country,
      brand: input.brand,
      source: input.source ?? 'martech-order-form',
      source_metadata: { campaign_id: input.campaignId },
      action: input.action ?? 'order-purchased',
    },
  };
}

/** The paid order as tracked: shipping 0 (SPEC §5), targeter from `source` (SPEC §2). */
export function purchaseFor(transaction: TransactionView, campaignId: string, source: string | null, timestamp: number): PurchaseEvent {
  const { invoice } = transaction;
  return buildPurchase({
    timestamp,
    campaignId,
    transactionId: transaction.id,
    invoiceNumber: invoice.invoiceNumber,
    currencyCode: invoice.currencyCode,
    revenue: invoice.summaryTotal.total,
    tax: invoice.tax,
    coupon: invoice.summaryTotal.discount.promoCode,
    targeter: source,
    items: invoice.lines.map((line) => ({
      id: line.offerId,
      name: line.name,
      price: line.amount,
      currency: currencySymbol(invoice.currencyCode),
      currencyCode: invoice.currencyCode,
      campaignId,
    })),
  });
}
