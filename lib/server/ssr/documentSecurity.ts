import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serverEnv } from '@/lib/server/config/serverEnv';
import { isPaymentPage } from '@/lib/journey/paymentPages';
import { isPreviewLinkPage, isStudioPreviewPage } from '@/lib/journey/preview';
import type { ScriptTrust } from '@/lib/server/http/csp/contentSecurityPolicy';
import { pageSecurityHeaders } from '@/lib/server/http/csp/pagePolicy';
import { mayBeKeptBySharedCache, PERSONAL_CACHE_CONTROL } from '@/lib/server/http/pageCaching';
import { knownOrigin } from '@/lib/server/http/publicOrigin';

export interface DocumentSecurity {
  /** Whether a shared cache may keep the page: then it carries nothing of this request. */
  shared: boolean;
  /** The nonce of the page's script tags; none on a page a shared cache may keep. */
  nonce: string | undefined;
  /**
   * Called by the document once it knows the framework's inline scripts: on a shared page,
   * sets the policy that lets exactly those run, by hash. Nothing to do on other pages.
   */
  allowInlineScripts(scripts: readonly string[]): void;
}

const freshNonce = () => randomBytes(16).toString('base64');
/**
 * A build has one bootstrap script per page, the same on every request: each is hashed
 * once. (Bounded: a page past the bound is hashed every time, never forgotten wrongly.)
 */
const scriptHashes = new Map<string, string>();
const SCRIPT_HASHES_MAX = 500;
function hashOf(script: string): string {
  let hash = scriptHashes.get(script);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
    if (scriptHashes.size < SCRIPT_HASHES_MAX) scriptHashes.set(script, hash);
  }
  return hash;
}

/**
 * Whether the answer being rendered is one a shared cache may keep (its loader said so,
 * lib/server/http/pageCaching.ts). Only a page that rendered as itself (200) is shared, and
 * nothing is in development, whose inline refresh script needs a nonce; either way the
 * answer is made personal again, so that a cache never keeps what carries a nonce.
 */
function sharedAnswer(res: ServerResponse): boolean {
  if (!mayBeKeptBySharedCache(res.getHeader('Cache-Control'))) return false;
  if (res.statusCode === 200 && process.env.NODE_ENV !== 'development') return true;
  res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  return false;
}

/**
 * Gives a page being rendered its Content-Security-Policy. Every page is rendered per
 * request (none is prerendered). A personal page gets a fresh nonce, returned for the
 * document's script tags. A page a shared cache may keep gets none (everyone would read
 * the same one): its inline scripts are allowed by hash once the document names them.
 */
export function applyDocumentSecurity(
  req: IncomingMessage | undefined,
  res: ServerResponse | undefined,
  asPath: string | undefined,
): DocumentSecurity {
  if (!req || !res || res.headersSent) return { shared: false, nonce: freshNonce(), allowInlineScripts: () => {} };
  const env = serverEnv();
  // The host only places a collector derived from it ({domain}); an unknown one falls back to localhost.
  const origin = new URL(knownOrigin(env, req) ?? 'http://localhost');
  const path = (asPath ?? '/').split(/[?#]/)[0] ?? '/';
  const page = {
    paymentPage: isPaymentPage(path),
    host: origin.host,
    protocol: origin.protocol === 'https:' ? ('https' as const) : ('http' as const),
    framedBySelf: isPreviewLinkPage(asPath ?? '/'),
    framesSelf: isStudioPreviewPage(path),
  };
  const applyPolicy = (scripts: ScriptTrust) => {
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(pageSecurityHeaders(env, page, scripts))) res.setHeader(name, value);
  };
  if (!sharedAnswer(res)) {
    const nonce = freshNonce();
    applyPolicy({ nonce });
    return { shared: false, nonce, allowInlineScripts: () => {} };
  }
  // Until the document names its inline scripts, none may run.
  applyPolicy({ inlineScriptHashes: [] });
  return {
    shared: true,
    nonce: undefined,
    allowInlineScripts: (scripts) => applyPolicy({ inlineScriptHashes: [...new Set(scripts.map(hashOf))] }),
  };
}
