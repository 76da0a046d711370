import { fetchScript, scriptSources } from './firstLoadJs';
import type { LighthouseRun } from './lighthouseAudit';

/**
 * The JS of the audited load as Chromium loaded it, weighed as gzip (Next 16 no longer
 * prints first-load JS): first-load JS is what the page's HTML asks for, which the page
 * needs before it works; the rest is loaded by code afterwards (tracking's delivery code,
 * the analytics tracker), off the path of the first render.
 */
export interface LoadedScripts {
  /** Every script of the load. */
  gzipBytes: number;
  /** The scripts the HTML asks for: first-load JS. */
  htmlGzipBytes: number;
  scripts: { url: string; gzipBytes: number | null; stripe: string | null; note?: string }[];
  /** Why Stripe's code counts as loaded, one reason per script; empty when it is not. */
  stripe: string[];
}

const STRIPE_HOST = /(^|\.)stripe\.(com|network)$/;
// @stripe/stripe-js's loader carries the address of Stripe.js; chunk names are hashes in
// production builds, so the name alone rarely tells.
const STRIPE_LOADER = 'js.stripe.com';

function stripeByAddress(url: URL): string | null {
  if (STRIPE_HOST.test(url.hostname)) return `${url.hostname} script`;
  if (/stripe/i.test(url.pathname.split('/').pop() ?? '')) return 'chunk named like stripe';
  return null;
}

/** The script addresses a page's HTML names, resolved against the page. */
export function htmlScriptUrls(html: string, pageUrl: string): Set<string> {
  return new Set(scriptSources(html).map((src) => new URL(src, pageUrl).href));
}

export async function weighLoadedScripts(scripts: LighthouseRun['scripts'], inHtml: ReadonlySet<string>): Promise<LoadedScripts> {
  const unique = [...new Map(scripts.map((s) => [s.url, s])).values()].filter((s) => !s.url.startsWith('data:'));
  const weighed = await Promise.all(
    unique.map(async (script) => {
      const url = new URL(script.url);
      const byAddress = stripeByAddress(url);
      // A request Chromium could not complete (an offline third party) loaded no code.
      if (script.statusCode < 200 || script.statusCode >= 400) {
        return {
          url: script.url,
          gzipBytes: null,
          stripe: byAddress && `${byAddress} (requested, failed)`,
          note: `status ${script.statusCode}`,
        };
      }
      try {
        const { text, gzipBytes } = await fetchScript(url);
        return { url: script.url, gzipBytes, stripe: byAddress ?? (text.includes(STRIPE_LOADER) ? 'chunk with Stripe.js loader' : null) };
      } catch (error) {
        return { url: script.url, gzipBytes: null, stripe: byAddress, note: `not weighed: ${(error as Error).message}` };
      }
    }),
  );
  return {
    gzipBytes: weighed.reduce((sum, s) => sum + (s.gzipBytes ?? 0), 0),
    htmlGzipBytes: weighed.filter((s) => inHtml.has(s.url)).reduce((sum, s) => sum + (s.gzipBytes ?? 0), 0),
    scripts: weighed,
    stripe: weighed.filter((s) => s.stripe).map((s) => `${s.stripe}: ${s.url}`),
  };
}
