import {
  buildAddToCart,
  buildOfferPageLoad,
  buildPageLoad,
  buildSubscriptionIntent,
  funnelItemFor,
  type FunnelContext,
  type FunnelItem,
  type JourneyEvent,
  type TrackedCartItem,
} from '@/lib/tracking/events';
import {
  buildAutoRenewalConsentVisible,
  buildCartExitClick,
  buildCartLoad,
  buildCreditCardWaypointLoad,
  buildFirstNameFocus,
  buildMarketingPermissions,
  buildPromoCodeApply,
  buildPurchase,
  buildSuccessMagicLinkClick,
  buildSuccessPageLoad,
} from '@/lib/tracking/orderEvents';

/**
 * One of every event the journey emits, made by the catalogue's real builders: what the
 * ingestion tests and the bench send, so that they break when the catalogue changes.
 */
export function sampleJourneyEvents(campaignId = 'vogue-demo-single', timestamp = Date.UTC(2026, 10, 21, 12)): JourneyEvent[] {
  const page = { campaignId, currentPage: '/vogue/demo-single/cart?livemode=false', timestamp };
  const item: TrackedCartItem = { id: '1001', name: 'Digital, 1 year', price: 2500, currency: '$', currencyCode: 'USD', campaignId };
  return [
    buildCartExitClick('magic-link', campaignId),
    buildCartExitClick('sign-in', campaignId),
    buildFirstNameFocus(campaignId),
    buildSubscriptionIntent('hover', '1001', campaignId),
    buildSubscriptionIntent('click', '1001', campaignId),
    buildSuccessMagicLinkClick(campaignId),
    buildPageLoad(page),
    buildOfferPageLoad(page),
    buildCartLoad(page),
    buildCreditCardWaypointLoad(page),
    buildPromoCodeApply({ ...page, promoCode: 'SAVE20' }),
    buildSuccessPageLoad(page),
    buildAddToCart(item, { timestamp, source: 'newsletter' }),
    buildAddToCart(item, { timestamp, source: null }),
    buildPurchase({
      timestamp,
      campaignId,
      transactionId: 'txn_abc',
      invoiceNumber: 'INV-T-000001',
      currencyCode: 'USD',
      revenue: 2000,
      tax: 0,
      coupon: 'SAVE20',
      targeter: null,
      items: [item],
    }),
    buildAutoRenewalConsentVisible({
      timestamp,
      campaignId,
      country: 'US',
      brand: 'Vogue',
      region: 'WA',
      page: '/vogue/demo-single/credit-card',
    }),
    buildAutoRenewalConsentVisible({
      timestamp,
      campaignId,
      country: 'GB',
      brand: 'Vogue',
      region: null,
      page: '/vogue/demo-single/credit-card',
    }),
    buildMarketingPermissions({
      timestamp,
      first_pp: true,
      third_pp: false,
      newsletter_perm: true,
      newsletter_perm_id: 'nl-vogue',
      first_pp_other_brands: false,
      amg_uuid: null,
      email: 'reader@example.com',
      country: 'US',
      brand: 'Vogue',
      campaignId,
    }),
  ];
}

/** The same events as funnel items, the body of `POST /martech/api/funnel`. */
export function sampleFunnelItems(campaignId?: string, context?: FunnelContext): FunnelItem[] {
  return sampleJourneyEvents(campaignId).map((event) => funnelItemFor(event, context));
}
