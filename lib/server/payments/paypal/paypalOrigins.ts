/**
 * Where PayPal's JavaScript SDK (v5, the buttons) loads from, per Content-Security-Policy
 * directive, for the CSP the site will send on pages that show the PayPal buttons.
 *
 * Source: PayPal, "JavaScript SDK best practices", Content Security Policy section
 * (https://developer.paypal.com/sdk/js/best-practices): child-src, connect-src, frame-src,
 * img-src, script-src and style-src each list `*.paypal.com *.paypalobjects.com *.venmo.com`;
 * img-src adds `data:`. *.paypal.com covers both www.paypal.com (live) and
 * www.sandbox.paypal.com (test); *.venmo.com is only used where Venmo is offered (US) but
 * is in PayPal's list, so it is kept. The sources carry https:// (PayPal lists bare hosts,
 * which a CSP matches on the page's own scheme): the SDK loads nothing over http.
 *
 * PayPal's recommendation is 'unsafe-inline' for script-src and style-src, because the SDK
 * injects inline scripts and styles. The alternative PayPal documents is a per-response nonce
 * in the CSP (`'nonce-…'`) that is also given to the SDK's <script> tag as `data-csp-nonce`.
 * Neither keyword is listed here: which one to use is the CSP's decision, not this list's.
 */
const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'] as const;

export const PAYPAL_CSP_SOURCES = {
  script: PAYPAL_HOSTS,
  style: PAYPAL_HOSTS,
  frame: PAYPAL_HOSTS,
  /** Older browsers read child-src for frames. */
  child: PAYPAL_HOSTS,
  connect: PAYPAL_HOSTS,
  img: [...PAYPAL_HOSTS, 'data:'],
} as const satisfies Record<string, readonly string[]>;

/** The attribute that hands the CSP nonce to the SDK: <script src="https://www.paypal.com/sdk/js?…" data-csp-nonce="…">. */
export const PAYPAL_CSP_NONCE_ATTRIBUTE = 'data-csp-nonce';
