/**
 * Checks the journey's client-side step changes for blank moments (issue 25, item 5): with
 * the CPU slowed 4×, from the offer page to the cart and on to the card step, records the
 * longest stretch during which the main area held no text, and how far the footer moved.
 * Run against a served build: `npx tsx bench/blankCheck.ts http://127.0.0.1:3400`.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '@/playwright.config';

const WATCH = `(() => {
  const main = document.querySelector('main');
  const footer = document.querySelector('footer');
  const w = { emptyMs: 0, emptySince: null, footerTop: footer ? footer.getBoundingClientRect().top + scrollY : 0, footerMoves: [] };
  window.__blank = w;
  const check = () => {
    const empty = !main || main.innerText.trim() === '';
    const now = performance.now();
    if (empty && w.emptySince === null) w.emptySince = now;
    if (!empty && w.emptySince !== null) { w.emptyMs = Math.max(w.emptyMs, now - w.emptySince); w.emptySince = null; }
    const top = footer ? footer.getBoundingClientRect().top + scrollY : 0;
    if (Math.abs(top - w.footerTop) > 1) { w.footerMoves.push(Math.round(top - w.footerTop)); w.footerTop = top; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

async function main(): Promise<void> {
  const origin = process.argv[2] ?? 'http://127.0.0.1:3400';
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${origin}/vogue/demo-single?livemode=false`);
    await page.waitForLoadState('networkidle');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Idle time for the next steps' code, as a visitor reading the offer gives it.
    await page.waitForTimeout(3000);
    for (const [label, tap, next] of [
      [
        'offer → cart',
        () =>
          page
            .getByRole('button', { name: /^Subscribe:/ })
            .first()
            .click(),
        /\/cart/,
      ],
      ['cart → card', () => page.getByRole('link', { name: 'Continue to payment' }).click(), /\/credit-card/],
    ] as const) {
      await page.evaluate(WATCH);
      await tap();
      await page.waitForURL(next);
      await page.waitForTimeout(1500);
      const seen = (await page.evaluate('window.__blank')) as { emptyMs: number; emptySince: number | null; footerMoves: number[] };
      console.log(
        `${label}: main area empty for ${Math.round(seen.emptyMs)} ms at most; footer moved ${JSON.stringify(seen.footerMoves)} px`,
      );
      await page.waitForTimeout(3000);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
