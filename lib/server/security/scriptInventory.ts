import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import { enabledServerMethods } from '@/lib/server/payments/methodRegistry';
import { CONSENT_MANAGER_SOURCES } from '@/lib/server/http/csp/thirdPartySources';

/** Where the built assets are served (next.config.js assetPrefix). */
const ASSET_PREFIX = '/purchase-journey';

/** A script our build made: its served path and the SHA-384 of its bytes (as in an SRI hash). */
export interface OwnScript {
  path: string;
  sha384: string;
}

/** A third party whose scripts may run on payment pages, and why. */
export interface ThirdPartyScripts {
  origins: readonly string[];
  party: string;
  reason: string;
}

/** Every script that may run on the payment pages (PCI DSS 6.4.3): ours by hash, others by origin. */
export interface ScriptInventory {
  own: OwnScript[];
  thirdParties: ThirdPartyScripts[];
}

export const sha384 = (bytes: Buffer | Uint8Array) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/** Our client bundles in a build (`.next/static`), by served path and hash. */
export function ownScripts(buildDir: string): OwnScript[] {
  const staticDir = path.join(buildDir, 'static');
  return jsFiles(staticDir)
    .map((file) => ({
      path: `${ASSET_PREFIX}/_next/static/${path.relative(staticDir, file).split(path.sep).join('/')}`,
      sha384: sha384(fs.readFileSync(file)),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The third parties the configured server lets run on payment pages: the payment methods with keys, the consent manager. */
export function thirdPartyScripts(env: ServerEnv): ThirdPartyScripts[] {
  const parties: ThirdPartyScripts[] = [];
  for (const method of enabledServerMethods(env)) {
    const origins = method.cspSources(env).script ?? [];
    if (origins.length) parties.push({ origins, ...method.scripts });
  }
  if (env.ONETRUST_CONSENT_ID) {
    parties.push({
      origins: CONSENT_MANAGER_SOURCES.script ?? [],
      party: 'OneTrust consent manager',
      reason: 'The cookie consent banner, required before any tracking.',
    });
  }
  return parties;
}

export function scriptInventory(env: ServerEnv, buildDir: string): ScriptInventory {
  return { own: ownScripts(buildDir), thirdParties: thirdPartyScripts(env) };
}

/** A script seen running on a page: its URL, and its bytes' hash when it is ours. */
export interface ObservedScript {
  url: string;
  sha384?: string;
}

/** Whether an origin pattern ("https://*.paypal.com") covers an origin. */
function originMatches(pattern: string, origin: string): boolean {
  const match = /^(https?:)\/\/\*\.(.+)$/.exec(pattern);
  if (!match) return pattern === origin;
  const url = new URL(origin);
  return url.protocol === match[1] && url.hostname.endsWith(`.${match[2]}`);
}

/**
 * The scripts a payment page ran that the inventory does not list: one of ours whose hash
 * is not a built file's (changed or injected), or another origin's that no party covers.
 */
export function scriptsOutsideInventory(
  inventory: ScriptInventory,
  siteOrigin: string,
  observed: readonly ObservedScript[],
): ObservedScript[] {
  const ownHashes = new Map(inventory.own.map((script) => [script.path, script.sha384]));
  return observed.filter((script) => {
    const url = new URL(script.url, siteOrigin);
    if (url.origin === siteOrigin) return ownHashes.get(url.pathname) === undefined || ownHashes.get(url.pathname) !== script.sha384;
    return !inventory.thirdParties.some((party) => party.origins.some((pattern) => originMatches(pattern, url.origin)));
  });
}
