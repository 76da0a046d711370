import { describe, expect, it } from 'vitest';
import {
  buildAddToCart,
  buildFunnelEvent,
  buildOfferPageLoad,
  buildPageLoad,
  buildSubscriptionIntent,
  funnelItemFor,
  type JourneyEvent,
} from './events';
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
} from './orderEvents';

const at = { campaignId: 'vogue-demo-single', currentPage: '/vogue/demo-single', timestamp: 1_790_000_000_000 };
const item = { id: '1001', name: 'Digital access', price: 2500, currency: '$', currencyCode: 'USD', campaignId: 'vogue-demo-single' };

describe('event builders (SPEC §3, §4)', () => {
  it.each<[string, JourneyEvent, JourneyEvent]>([
    [
      'page load: waypoint page-navigation, depth 100',
      buildPageLoad(at),
      {
        name: 'waypoint',
        payload: {
          waypointId: 'page-navigation',
          depth: 100,
          timestamp: at.timestamp,
          currentPage: at.currentPage,
          campaignId: at.campaignId,
        },
      },
    ],
    [
      'offer page load: depth 100 and segment mtu.v',
      buildOfferPageLoad(at),
      {
        name: 'waypoint',
        payload: {
          waypointId: 'campaign',
          depth: 100,
          timestamp: at.timestamp,
          currentPage: at.currentPage,
          campaignId: at.campaignId,
          segment: 'mtu.v',
        },
      },
    ],
    [
      'cart load: depth 100',
      buildCartLoad(at),
      {
        name: 'waypoint',
        payload: { waypointId: 'cart', depth: 100, timestamp: at.timestamp, currentPage: at.currentPage, campaignId: at.campaignId },
      },
    ],
    [
      'credit-card waypoint load: depth 100',
      buildCreditCardWaypointLoad(at),
      {
        name: 'waypoint',
        payload: { waypointId: 'credit-card', depth: 100, timestamp: at.timestamp, currentPage: at.currentPage, campaignId: at.campaignId },
      },
    ],
    [
      'promo-code apply: depth 115 with the code',
      buildPromoCodeApply({ ...at, promoCode: 'SAVE20' }),
      {
        name: 'waypoint',
        payload: {
          waypointId: 'promo-code',
          depth: 115,
          timestamp: at.timestamp,
          currentPage: at.currentPage,
          campaignId: at.campaignId,
          promoCode: 'SAVE20',
        },
      },
    ],
    [
      'success page load: depth 100',
      buildSuccessPageLoad(at),
      {
        name: 'waypoint',
        payload: { waypointId: 'success', depth: 100, timestamp: at.timestamp, currentPage: at.currentPage, campaignId: at.campaignId },
      },
    ],
    [
      'first-name focus: billing-information',
      buildFirstNameFocus('c1'),
      {
        name: 'funnel-ui',
        payload: { _topic: 'waypoint.journey', action: 'focus', el: 'first-name', position: 'billing-information', campaignId: 'c1' },
      },
    ],
    [
      'cart-exit magic-link click',
      buildCartExitClick('magic-link', 'c1'),
      { name: 'funnel-ui', payload: { _topic: 'cart.ui', action: 'click', el: 'magic-link', position: 'cart-exit', campaignId: 'c1' } },
    ],
    [
      'cart-exit sign-in click',
      buildCartExitClick('sign-in', 'c1'),
      { name: 'funnel-ui', payload: { _topic: 'cart.ui', action: 'click', el: 'sign-in', position: 'cart-exit', campaignId: 'c1' } },
    ],
    [
      'subscription intent hover',
      buildSubscriptionIntent('hover', '2101', 'c1'),
      {
        name: 'funnel-ui',
        payload: { _topic: 'waypoint.journey', action: 'hover', el: 'subscribe', position: 'offer-2101', campaignId: 'c1' },
      },
    ],
    [
      'subscription intent click',
      buildSubscriptionIntent('click', '2101', 'c1'),
      {
        name: 'funnel-ui',
        payload: { _topic: 'waypoint.journey', action: 'click', el: 'subscribe', position: 'offer-2101', campaignId: 'c1' },
      },
    ],
    [
      'success page magic-link click',
      buildSuccessMagicLinkClick('c1'),
      {
        name: 'funnel-ui',
        payload: { _topic: 'waypoint.journey', action: 'click', el: 'magic-link', position: 'success', campaignId: 'c1' },
      },
    ],
    [
      'add to cart: the item, with the source as targeter',
      buildAddToCart(item, { timestamp: at.timestamp, source: 'newsletter' }),
      { name: 'add-to-cart', payload: { timestamp: at.timestamp, campaignId: 'vogue-demo-single', item, source: 'newsletter' } },
    ],
    [
      'auto-renewal consent visible: onvisible on renewal-notice-consent',
      buildAutoRenewalConsentVisible({
        timestamp: at.timestamp,
        campaignId: 'c1',
        country: 'US',
        brand: 'vogue',
        region: 'CA',
        page: '/vogue/demo-single/credit-card',
      }),
      {
        name: 'auto-renewal-consent-visible',
        payload: {
          timestamp: at.timestamp,
          campaignId: 'c1',
          action: 'onvisible',
          country: 'US',
          brand: 'vogue',
          region: 'CA',
          page: '/vogue/demo-single/credit-card',
          elementId: 'renewal-notice-consent',
        },
      },
    ],
  ])('%s', (_name, built, expected) => {
    expect(built).toEqual(expected);
  });

  it('builds the purchase with shipping always 0', () => {
    const purchase = buildPurchase({
      timestamp: 1,
      campaignId: 'c1',
      transactionId: 'tx_1',
      invoiceNumber: 'INV-TEST-2026-000001',
      currencyCode: 'USD',
      revenue: 2000,
      tax: 0,
      coupon: 'SAVE20',
      targeter: 'newsletter',
      items: [item],
    });
    expect(purchase.payload.shipping).toBe(0);
    expect(purchase.payload).toMatchObject({ transactionId: 'tx_1', coupon: 'SAVE20', targeter: 'newsletter', revenue: 2000 });
  });

  it('builds marketing permissions with every SPEC field and the defaults', () => {
    const event = buildMarketingPermissions({
      timestamp: 5,
      first_pp: true,
      third_pp: false,
      newsletter_perm: true,
      newsletter_perm_id: 'vogue-newsletter',
      first_pp_other_brands: false,
      amg_uuid: null,
      email: 'ada@example.com',
      country: 'GB',
      brand: 'vogue',
      campaignId: 'c1',
    });
    expect(event).toEqual({
      name: 'marketing-permissions',
      payload: {
        timestamp: 5,
        first_pp: true,
        third_pp: false,
        newsletter_perm: true,
        newsletter_perm_id: 'vogue-newsletter',
        first_pp_other_brands: false,
        amg_uuid: null,
        email: 'ada@example.com',
        country: 'GB',
        brand: 'vogue',
        source: 'martech-order-form',
        source_metadata: { campaign_id: 'c1' },
        action: 'order-purchased',
      },
    });
    const custom = buildMarketingPermissions({ ...event.payload, campaignId: 'c1', source: 'account-page', action: 'preferences-updated' });
    expect(custom.payload).toMatchObject({ source: 'account-page', action: 'preferences-updated' });
  });
});

describe('buildFunnelEvent', () => {
  it.each([undefined, null, ''] as const)('throws without an action (%j)', (action) => {
    expect(() => buildFunnelEvent({ _topic: 'cart.ui', action, el: 'x', position: 'y', campaignId: 'c' })).toThrow(
      'Missing action for FunnelEvent',
    );
  });
});

describe('funnelItemFor', () => {
  const context = { sessionId: 's-1', source: 'newsletter', livemode: false };

  it('sends a UI event as {_topic, action, payload: {el, position, campaignId}}', () => {
    expect(funnelItemFor(buildCartExitClick('sign-in', 'c1'), context)).toEqual({
      action: 'click',
      _topic: 'cart.ui',
      payload: { el: 'sign-in', position: 'cart-exit', campaignId: 'c1' },
      _context: context,
    });
  });

  it('sends other events as {action: <name>, payload}', () => {
    expect(funnelItemFor(buildOfferPageLoad(at))).toEqual({ action: 'waypoint', payload: buildOfferPageLoad(at).payload });
  });
});
