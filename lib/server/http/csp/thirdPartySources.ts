import type { CspSources } from './cspSources';

/** OneTrust's CMP (cookielaw.org CDN, its geolocation lookup), from OneTrust's CSP guidance. */
export const CONSENT_MANAGER_SOURCES: CspSources = {
  script: ['https://cdn.cookielaw.org'],
  connect: ['https://cdn.cookielaw.org', 'https://geolocation.onetrust.com', 'https://privacyportal.onetrust.com'],
  img: ['https://cdn.cookielaw.org'],
};

/** Google Tag Manager and the Google Analytics beacons it sends (Google's "Use CSP with Tag Manager"). */
export const TAG_MANAGER_SOURCES: CspSources = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://www.google-analytics.com'],
};

/** The origin of a URL, or null for none or a bad one (the server's own endpoints are 'self'). */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
