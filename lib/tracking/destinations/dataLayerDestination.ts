import {
  buildEcommerceAddToCart,
  buildEcommercePurchase,
  pushEcommerce,
  pushToDataLayer,
  type DataLayerHost,
} from '@/lib/tracking/dataLayer';
import type { Destination } from '@/lib/tracking/pipeline';
import { loadMarketingScript } from '@/lib/browser/marketingCode';

const GTM_URL = 'https://www.googletagmanager.com/gtm.js';

/**
 * The tag manager: ecommerce entries on `window.dataLayer` (add to cart, purchase), and the
 * container script itself when a tracking id is configured. Marketing tags need targeting
 * consent, so nothing reaches the data layer, and no script loads, before it; and the
 * container never loads on a payment page.
 */
export function createDataLayerDestination(options: { win: Window & DataLayerHost; trackingId: string | null }): Destination {
  let loaded = false;
  const loadContainer = () => {
    if (loaded || !options.trackingId) return;
    // Not on a payment page: tried again at the next event, on a page where it may run.
    loaded = loadMarketingScript(options.win, `${GTM_URL}?id=${encodeURIComponent(options.trackingId)}`, 'The tag manager could not load.');
    if (loaded) pushToDataLayer(options.win, { 'gtm.start': Date.now(), event: 'gtm.js' });
  };
  return {
    name: 'data-layer',
    purpose: 'targeting',
    send(event) {
      loadContainer();
      if (event.name === 'add-to-cart') pushEcommerce(options.win, buildEcommerceAddToCart(event));
      if (event.name === 'purchase') pushEcommerce(options.win, buildEcommercePurchase(event));
    },
    setConsent(consent) {
      if (consent.allows.targeting) loadContainer();
    },
  };
}
