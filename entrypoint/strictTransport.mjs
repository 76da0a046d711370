// @ts-check
// HSTS: once a browser has seen the site over https, it never asks over plain http again
// (no first request a network attacker could answer). Only when the site is https: sent
// over http it would be ignored, and a local http demo must stay reachable.

/** Two years, the preload list's minimum; subdomains too, since cookies are shared with them. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/**
 * The Strict-Transport-Security value for the configured site, or null when it is not https.
 * @param {string | undefined} publicOrigin
 * @returns {string | null}
 */
export function strictTransportSecurity(publicOrigin) {
  return publicOrigin?.startsWith('https://') ? HSTS_VALUE : null;
}
