import type { AmazonPayRegion } from './amazonPaySigner';
import { AMAZON_PAY_CHECKOUT_JS } from '@/lib/payments/amazonpay/amazonPayScript';

/**
 * Where Amazon Pay's checkout.js comes from and what it reaches, per region, for a
 * Content-Security-Policy. The script URLs are Amazon's documented ones ("Add the Amazon Pay
 * script"). Amazon publishes no CSP list for Checkout v2; the other origins follow the one
 * Amazon ships in its own Magento 2 module (amzn/amazon-payments-magento-2-plugin,
 * etc/csp_whitelist.xml), narrowed to the region's domains and without the legacy MWS and
 * widget hosts. Check the browser console in the sandbox when tightening the policy.
 */
export { AMAZON_PAY_CHECKOUT_JS };

export interface AmazonPayOrigins {
  scriptSrc: readonly string[];
  frameSrc: readonly string[];
  connectSrc: readonly string[];
  imgSrc: readonly string[];
  /** Only needed if a form post to our server answers with a redirect to Amazon. */
  formAction: readonly string[];
}

/** The Amazon retail domains of each region: the buyer's Amazon sign-in and Amazon Pay pages live there. */
const AMAZON_DOMAINS: Readonly<Record<AmazonPayRegion, readonly string[]>> = {
  na: ['amazon.com'],
  eu: ['amazon.co.uk', 'amazon.de', 'amazon.fr', 'amazon.it', 'amazon.es'],
  jp: ['amazon.co.jp', 'amazon.jp'],
};

const AMAZON_PAY_DOMAINS: Readonly<Record<AmazonPayRegion, readonly string[]>> = {
  na: ['amazonpay.com'],
  eu: ['amazonpay.co.uk', 'amazonpay.de', 'amazonpay.fr', 'amazonpay.it', 'amazonpay.es'],
  jp: ['amazonpay.jp', 'amazonpay.co.jp'],
};

const IMAGE_DOMAINS: Readonly<Record<AmazonPayRegion, readonly string[]>> = {
  na: ['media-amazon.com', 'ssl-images-amazon.com'],
  eu: [
    'media-amazon.com',
    'ssl-images-amazon.com',
    'media-amazon.co.uk',
    'ssl-images-amazon.co.uk',
    'media-amazon.de',
    'ssl-images-amazon.de',
  ],
  jp: ['media-amazon.com', 'ssl-images-amazon.com', 'media-amazon.co.jp', 'ssl-images-amazon.co.jp'],
};

const wildcard = (domains: readonly string[]) => domains.map((domain) => `https://*.${domain}`);

export function amazonPayOrigins(region: AmazonPayRegion): AmazonPayOrigins {
  const script = new URL(AMAZON_PAY_CHECKOUT_JS[region]).origin;
  // Amazon Pay's own assets and frames are served from *.payments-amazon.com in every region.
  const payments = 'https://*.payments-amazon.com';
  const amazon = wildcard(AMAZON_DOMAINS[region]);
  return {
    scriptSrc: [script],
    frameSrc: [payments, ...amazon],
    connectSrc: [payments, ...amazon, ...wildcard(AMAZON_PAY_DOMAINS[region])],
    imgSrc: [payments, ...wildcard(IMAGE_DOMAINS[region])],
    formAction: amazon,
  };
}
