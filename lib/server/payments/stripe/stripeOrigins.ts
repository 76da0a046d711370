import type { CspSources } from '@/lib/server/http/csp/cspSources';

/**
 * What Stripe.js and Elements need, from Stripe's "Content Security Policy" guide
 * (docs.stripe.com/security/guide#content-security-policy): the script and its frames on
 * js.stripe.com, 3-D Secure pages on hooks.stripe.com, API calls to api.stripe.com.
 */
export const STRIPE_CSP_SOURCES: CspSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};
