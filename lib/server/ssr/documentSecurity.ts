import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serverEnv } from '../../config/serverEnv';
import { isPaymentPage } from '../../journey/paymentPages';
import { pageSecurityHeaders } from '../http/csp/pagePolicy';
import { knownOrigin } from '../http/publicOrigin';

/**
 * Gives a page being rendered its Content-Security-Policy, with a fresh nonce, and returns
 * the nonce for the document's script tags. Every page is rendered per request (none is
 * prerendered), so every page has its own nonce.
 */
export function applyDocumentSecurity(req: IncomingMessage | undefined, res: ServerResponse | undefined, asPath: string | undefined): string {
  const nonce = randomBytes(16).toString('base64');
  if (!req || !res || res.headersSent) return nonce;
  const env = serverEnv();
  // The host only places a collector derived from it ({domain}); an unknown one falls back to localhost.
  const origin = new URL(knownOrigin(env, req) ?? 'http://localhost');
  const page = {
    paymentPage: isPaymentPage((asPath ?? '/').split(/[?#]/)[0] ?? '/'),
    host: origin.host,
    protocol: origin.protocol === 'https:' ? ('https' as const) : ('http' as const),
  };
  for (const [name, value] of Object.entries(pageSecurityHeaders(env, page, nonce))) res.setHeader(name, value);
  return nonce;
}
