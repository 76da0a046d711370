import type { Flags, Puppeteer, Result } from 'lighthouse';

// Loaded by Node's own ESM loader, not compiled on the fly by tsx: tsx's keepNames would
// wrap Lighthouse's page functions in __name(), which then fail inside the browser.
const loadLighthouse = async () => (await import('lighthouse')).default;

/** One Lighthouse navigation of one page (mobile preset: Lighthouse's default config). */
export interface LighthouseRun {
  lighthouseVersion: string;
  url: string;
  /** Where the page ended up (a redirect shows here). */
  finalUrl: string;
  /** 0–100. */
  performance: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  /** Every script request of the load, as Chromium made it. */
  scripts: { url: string; statusCode: number; transferBytes: number }[];
  consoleErrors: string[];
  warnings: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  statusCode: number;
  transferSize?: number;
}
interface ConsoleItem {
  source?: string;
  description?: string;
  sourceLocation?: { url?: string };
}

const itemsOf = <T>(lhr: Result, auditId: string): T[] => {
  const details = lhr.audits[auditId]?.details;
  return details && 'items' in details ? (details.items as unknown as T[]) : [];
};
const numeric = (lhr: Result, auditId: string) => lhr.audits[auditId]?.numericValue ?? Number.NaN;

/**
 * Audits `url` in the given tab. disableStorageReset keeps the cookies and storage the
 * visitor built up (a filled cart, a receipt); without it Lighthouse wipes the origin's
 * data before loading. errors-in-console is not a performance audit, so it is asked for
 * by name next to the category.
 */
export async function auditPage(tab: Puppeteer.Page, url: string, port: number): Promise<LighthouseRun> {
  const flags: Flags = {
    port,
    logLevel: 'error',
    output: 'json',
    disableStorageReset: true,
    onlyCategories: ['performance'],
    onlyAudits: ['errors-in-console'],
  };
  const lighthouse = await loadLighthouse();
  const result = await lighthouse(url, flags, undefined, tab);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    scripts: itemsOf<NetworkItem>(lhr, 'network-requests')
      .filter((item) => item.resourceType === 'Script')
      .map((item) => ({ url: item.url, statusCode: item.statusCode, transferBytes: item.transferSize ?? 0 })),
    // First lines only (an exception's description carries its whole stack), each once.
    consoleErrors: [
      ...new Set(
        itemsOf<ConsoleItem>(lhr, 'errors-in-console').map(
          (item) =>
            `${item.source ?? 'console'}: ${(item.description ?? '').split('\n')[0]}${item.sourceLocation?.url ? ` (${item.sourceLocation.url})` : ''}`,
        ),
      ),
    ],
    warnings: lhr.runWarnings.map(String),
  };
}
