import { createRequire } from 'node:module';
import { chromium, type Browser as PlaywrightBrowser, type Page } from '@playwright/test';
import type { Puppeteer } from 'lighthouse';

/**
 * One browser tab seen by both drivers: Playwright plays the visitor, Lighthouse (which
 * speaks Puppeteer) audits. They must share the tab, not just the browser: Lighthouse given
 * only a port opens a tab of its own, and session storage (where the cart lives today)
 * belongs to a tab.
 */
export interface SharedTab {
  /** The visitor's side. */
  page: Page;
  /** The same tab for Lighthouse. */
  lighthouseTab: Puppeteer.Page;
  /** Empties the HTTP cache (not cookies or storage): each audit loads its scripts afresh, as Lighthouse does by default. */
  clearHttpCache(): Promise<void>;
  disconnect(): Promise<void>;
}

// The Puppeteer Lighthouse itself depends on (resolved from its own folder), so the Page
// handed to it is exactly the type and version it expects.
const requireFromLighthouse = createRequire(require.resolve('lighthouse'));
const puppeteer = requireFromLighthouse('puppeteer-core') as typeof import('puppeteer-core');

async function targetIdOf(send: (method: 'Target.getTargetInfo') => Promise<{ targetInfo: { targetId: string } }>): Promise<string> {
  return (await send('Target.getTargetInfo')).targetInfo.targetId;
}

/**
 * `fresh`: the tab opens in a browser context of its own (as a private window): no cookies,
 * storage or cache from earlier visits, so the consent banner shows, as on a first visit
 * from a campaign link. It is closed with the tab.
 */
export async function openSharedTab(port: number, { fresh = false }: { fresh?: boolean } = {}): Promise<SharedTab> {
  const endpoint = `http://127.0.0.1:${port}`;
  const playwright: PlaywrightBrowser = await chromium.connectOverCDP(endpoint);
  const context = (!fresh && playwright.contexts()[0]) || (await playwright.newContext());
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const targetId = await targetIdOf((method) => session.send(method));

  const browser = await puppeteer.connect({ browserURL: endpoint, defaultViewport: null });
  let lighthouseTab: Puppeteer.Page | undefined;
  for (const candidate of await browser.pages()) {
    const probe = await candidate.createCDPSession();
    if ((await targetIdOf((method) => probe.send(method))) === targetId) lighthouseTab = candidate;
    await probe.detach();
  }
  if (!lighthouseTab) throw new Error('Lighthouse could not find the visitor’s tab');

  return {
    page,
    lighthouseTab,
    clearHttpCache: async () => {
      await session.send('Network.clearBrowserCache');
    },
    disconnect: async () => {
      await browser.disconnect();
      await session.detach().catch(() => undefined);
      if (fresh) await context.close().catch(() => undefined);
      await playwright.close();
    },
  };
}
