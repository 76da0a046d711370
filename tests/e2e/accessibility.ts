import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** WCAG 2.1 AA, as axe names its rule sets. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** WCAG 2.2 AA, as axe names its rule sets. */
export const WCAG_22_AA = [...WCAG_21_AA, 'wcag22aa'];

/**
 * axe-core's minified build, the same version AxeBuilder injects in full (1.3 MB against
 * 0.56 MB): read once per worker, parsed by the page in half the time.
 */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run(context: Document, options: { runOnly: { type: 'tag'; values: string[] } }): Promise<AxeResults> };
  }
}

/**
 * axe's findings for the rule sets `tags` on the page as it stands ("id: help", none
 * expected). AxeBuilder injects axe twice per call (into the page, then into a blank page
 * it opens to merge the frames' results): seconds each on a busy machine. A page without
 * frames has nothing to merge, so axe runs in the page itself, injected once per document;
 * a page with frames (the mailbox's mail) keeps AxeBuilder's way across them.
 */
export async function axeViolations(page: Page, tags: string[]): Promise<string[]> {
  if (page.frames().length > 1) {
    const audit = await new AxeBuilder({ page }).withTags(tags).analyze();
    return audit.violations.map((violation) => `${violation.id}: ${violation.help}`);
  }
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (values) => {
    const audit = await window.axe!.run(document, { runOnly: { type: 'tag', values } });
    return audit.violations.map((violation) => `${violation.id}: ${violation.help}`);
  }, tags);
}
