import type { Locator, Page } from '@playwright/test';
import { launchChromium } from './chromium';
import { firstTapLatency, medianTap, OBSERVE_TAPS, READ_TAPS, type EventTimingEntry } from './firstTap';
import { auditPage, type LighthouseRun } from './lighthouseAudit';
import { htmlScriptUrls, weighLoadedScripts, type LoadedScripts } from './loadedScripts';
import { openSharedTab, type SharedTab } from './sharedTab';
import { say } from '@/tests/e2e/pages/catalogue';
import { buyInGermanWithTestCard, buyWithTestCard, fillCart } from './visitor';

/**
 * The journey's pages in a real browser (Lighthouse, mobile preset), in the order a visitor
 * meets them, with the state each step needs built by the visitor's own clicks: the cart
 * steps after "Subscribe", the success page after a sandbox payment (last, since a completed
 * order empties the cart). Each page three ways: warm (the visitor's tab, which has been
 * through the journey: cookies and storage kept, HTTP cache emptied before each audit, as
 * Lighthouse does), cold (a private context of its own per run: no cookies, the consent
 * banner showing, nothing cached; the state the step needs made in it first) and its first
 * tap with the CPU slowed 4× (Event Timing, as INP measures it).
 */
export type StepNeed = 'cart' | 'receipt';
/** Whose journey a step is part of: the English campaign's, or the German one's (issue 38). */
export type JourneyId = 'en' | 'de';
export interface JourneyStep {
  step: string;
  path: string;
  needs?: StepNeed;
  /** The campaign whose cart and purchase the step needs; English unless said. */
  journey?: JourneyId;
  /** The step's first meaningful tap: what a visitor does first there. */
  tap: (page: Page) => Locator;
}

/** Each journey's campaign: where its cart is filled and its purchase made, in its own language. */
const JOURNEYS: Readonly<Record<JourneyId, { offer: string; card: string; language: 'en' | 'de'; buy: typeof buyWithTestCard }>> = {
  en: { offer: '/vogue/demo-single', card: '/vogue/demo-single/credit-card?livemode=false', language: 'en', buy: buyWithTestCard },
  de: { offer: '/gq/demo-de', card: '/gq/demo-de/credit-card?livemode=false', language: 'de', buy: buyInGermanWithTestCard },
};

export const JOURNEY_STEPS: readonly JourneyStep[] = [
  { step: 'baseline', path: '/status', tap: (page) => page.locator('h1, main, body').first() },
  { step: 'offer', path: '/vogue/demo-single', tap: (page) => page.getByRole('button', { name: /^Subscribe:/ }).first() },
  { step: 'dual offer', path: '/newyorker/demo-dual', tap: (page) => page.getByRole('button', { name: /^Subscribe:/ }).first() },
  // The German campaign's offer page: the same code as the English one, with German words (issue 38).
  { step: 'offer (de)', path: '/gq/demo-de', tap: (page) => page.getByRole('button', { name: /^Abonnieren:/ }).first() },
  { step: 'cart', path: '/vogue/demo-single/cart', needs: 'cart', tap: (page) => page.getByRole('link', { name: 'Continue to payment' }) },
  { step: 'promo code', path: '/vogue/demo-single/promo-code', needs: 'cart', tap: (page) => page.getByRole('textbox').first() },
  // Test mode: the bench's server pays through the sandbox, which takes no live payments.
  {
    step: 'card',
    path: '/vogue/demo-single/credit-card?livemode=false',
    needs: 'cart',
    tap: (page) => page.getByRole('textbox', { name: /e-?mail/i }).first(),
  },
  { step: 'success', path: '/vogue/demo-single/success', needs: 'receipt', tap: (page) => page.getByTestId('success-account-link') },
  // The German campaign's later steps (issue 38): the same code, German words, euros with VAT in the price.
  {
    step: 'cart (de)',
    path: '/gq/demo-de/cart',
    needs: 'cart',
    journey: 'de',
    tap: (page) => page.getByRole('link', { name: say('de', 'order.continue') }),
  },
  {
    step: 'promo code (de)',
    path: '/gq/demo-de/promo-code',
    needs: 'cart',
    journey: 'de',
    tap: (page) => page.getByRole('textbox').first(),
  },
  {
    step: 'card (de)',
    path: '/gq/demo-de/credit-card?livemode=false',
    needs: 'cart',
    journey: 'de',
    tap: (page) => page.getByRole('textbox', { name: say('de', 'payment.billing.email'), exact: true }),
  },
  {
    step: 'success (de)',
    path: '/gq/demo-de/success',
    needs: 'receipt',
    journey: 'de',
    tap: (page) => page.getByTestId('success-account-link'),
  },
];
/** BENCH_PAGES=warm leaves out the cold audits and first taps (a third of the time). */
const NO_COLD = process.env.BENCH_PAGES === 'warm';
const NO_TAP = process.env.BENCH_PAGES === 'warm';
/** BENCH_STEPS=offer,cart measures those steps alone (and the baseline). */
const ONLY_STEPS = (process.env.BENCH_STEPS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

export interface StepMeasure extends Omit<JourneyStep, 'tap'> {
  /** Why the step was not measured. */
  skipped?: string;
  /** The run with the median performance score (its figures belong together). */
  run?: LighthouseRun;
  scores?: number[];
  /** Cold: the median run of fresh contexts, and every run's score. */
  cold?: LighthouseRun;
  coldScores?: number[];
  coldSkipped?: string;
  /** The first tap's latency with the CPU slowed 4×, per run (null: under 16 ms) and their median. */
  tapRuns?: (number | null)[];
  tapMs?: number | null;
  tapSkipped?: string;
  js?: LoadedScripts;
  /** Set when the page did not show the state the step needs (its figures are of something else). */
  stateProblem?: string;
}

/** The step as the results record it (its tap is code, not a figure). */
const listedOf = ({ step, path, needs }: JourneyStep): Omit<JourneyStep, 'tap'> => ({ step, path, ...(needs ? { needs } : {}) });

const median = <T>(items: T[], by: (item: T) => number): T => [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;

/** What the tab shows if the state did not carry over; null when it did. */
async function stateProblem(tab: SharedTab, step: JourneyStep, run: LighthouseRun): Promise<string | null> {
  const landed = new URL(run.finalUrl).pathname;
  if (landed !== new URL(run.url).pathname) return `redirected to ${landed}`;
  const { language } = JOURNEYS[step.journey ?? 'en'];
  // Every order step offers this way back when it has no order (and only then).
  if (step.needs === 'cart' && (await tab.page.getByRole('link', { name: say(language, 'order.empty.choose') }).count()))
    return 'the cart was empty';
  const thanks = new RegExp(`^${say(language, 'success.heading').split('{')[0]}`);
  if (step.needs === 'receipt' && !(await tab.page.getByRole('heading', { level: 1, name: thanks }).count())) return 'no invoice shown';
  return null;
}

async function measureStep(tab: SharedTab, port: number, step: JourneyStep, url: string, runs: number): Promise<StepMeasure> {
  const done: LighthouseRun[] = [];
  let problem: string | null = null;
  for (let i = 0; i < runs; i += 1) {
    await tab.clearHttpCache();
    const run = await auditPage(tab.lighthouseTab, url, port);
    problem ??= await stateProblem(tab, step, run);
    done.push(run);
  }
  const run = median(done, (r) => r.performance);
  // The same page as the visitor gets it (the tab's cookies), to read which scripts its HTML names.
  const html = await (await tab.page.request.get(url)).text();
  const js = await weighLoadedScripts(run.scripts, htmlScriptUrls(html, url));
  return { ...listedOf(step), run, scores: done.map((r) => r.performance), js, ...(problem ? { stateProblem: problem } : {}) };
}

type Prepared = { url: string } | { skipped: string };

/** Cold runs: each in a fresh private context, its state made there first, then audited with nothing cached. */
async function measureCold(
  port: number,
  origin: string,
  step: JourneyStep,
  runs: number,
): Promise<Pick<StepMeasure, 'cold' | 'coldScores' | 'coldSkipped'>> {
  const done: LighthouseRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    const tab = await openSharedTab(port, { fresh: true });
    try {
      const prepared: Prepared = await prepare(tab, origin, step, { carts: new Set() });
      if ('skipped' in prepared) return { coldSkipped: prepared.skipped };
      await tab.clearHttpCache();
      done.push(await auditPage(tab.lighthouseTab, prepared.url, port));
    } catch (error) {
      return { coldSkipped: `Lighthouse failed: ${(error as Error).message.split('\n')[0]}` };
    } finally {
      await tab.disconnect();
    }
  }
  return { cold: median(done, (r) => r.performance), coldScores: done.map((r) => r.performance) };
}

/**
 * The first tap with the CPU slowed 4× (CDP's throttling, from before the page loads, so
 * hydration is slowed too): in a fresh context, the page loaded and settled, the step's
 * first meaningful tap, its latency read from Event Timing.
 */
async function measureFirstTap(
  port: number,
  origin: string,
  step: JourneyStep,
  runs: number,
): Promise<Pick<StepMeasure, 'tapRuns' | 'tapMs' | 'tapSkipped'>> {
  const tab = await openSharedTab(port, { fresh: true });
  const page = tab.page;
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const prepared: Prepared = await prepare(tab, origin, step, { carts: new Set() });
    if ('skipped' in prepared) return { tapSkipped: prepared.skipped };
    const cdp = await page.context().newCDPSession(page);
    const tapRuns: (number | null)[] = [];
    for (let i = 0; i < runs; i += 1) {
      await tab.clearHttpCache();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      try {
        await page.goto(prepared.url, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
        await page.evaluate(OBSERVE_TAPS);
        await step.tap(page).click({ timeout: 10_000, noWaitAfter: true });
        // Long enough for the tap's next paint with the CPU slowed, and for the observer's callback.
        await page.waitForTimeout(2_000);
        const entries = (await page.evaluate(READ_TAPS).catch(() => [])) as EventTimingEntry[];
        tapRuns.push(firstTapLatency(entries));
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
    }
    await cdp.detach().catch(() => undefined);
    return { tapRuns, tapMs: medianTap(tapRuns) };
  } catch (error) {
    return { tapSkipped: (error as Error).message.split('\n')[0] };
  } finally {
    await tab.disconnect();
  }
}

/** Lets the server's JIT settle on these routes first, so the first audit is not the slow one. */
async function warm(origin: string): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    for (const { path, needs } of JOURNEY_STEPS) if (needs !== 'receipt') await (await fetch(`${origin}${path}`)).arrayBuffer();
  }
}

/**
 * Builds the state a step needs (once: a filled cart stays for the next steps) and returns
 * the address to audit, or why the step cannot be measured.
 */
/** Which journeys' carts the tab has filled, and why one could not be. */
interface PreparedState {
  carts: Set<JourneyId>;
  failed?: Partial<Record<JourneyId, string>>;
}

async function prepare(
  tab: SharedTab,
  origin: string,
  step: JourneyStep,
  state: PreparedState,
): Promise<{ url: string } | { skipped: string }> {
  const listed = { url: `${origin}${step.path}` };
  if (!step.needs) return listed;
  const id = step.journey ?? 'en';
  const journey = JOURNEYS[id];
  const failed = state.failed?.[id];
  if (failed) return { skipped: failed };
  try {
    if (!state.carts.has(id)) {
      await fillCart(tab.page, `${origin}${journey.offer}`, journey.language);
      await tab.page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      state.carts.add(id);
    }
    // The success page's address is the one the payment lands on (it may carry a query).
    return step.needs === 'receipt' ? { url: await journey.buy(tab.page, `${origin}${journey.card}`) } : listed;
  } catch (error) {
    const filled = state.carts.has(id);
    const reason = `${filled ? 'the sandbox purchase did not reach the success page' : 'could not fill the cart'}: ${(error as Error).message.split('\n')[0]}`;
    if (!filled) state.failed = { ...state.failed, [id]: reason };
    return { skipped: reason };
  }
}

export async function measurePages(origin: string, runs: number, log: (line: string) => void): Promise<StepMeasure[]> {
  await warm(origin);
  const chromium = await launchChromium();
  const results: StepMeasure[] = [];
  try {
    const tab = await openSharedTab(chromium.port);
    try {
      const state: PreparedState = { carts: new Set() };
      for (const step of JOURNEY_STEPS) {
        if (ONLY_STEPS.length > 0 && step.step !== 'baseline' && !ONLY_STEPS.includes(step.step)) continue;
        const prepared = await prepare(tab, origin, step, state);
        // One page Lighthouse cannot audit should not cost the others (nor a full run's load figures).
        const listed = listedOf(step);
        const measured: StepMeasure =
          'skipped' in prepared
            ? { ...listed, skipped: prepared.skipped }
            : await measureStep(tab, chromium.port, step, prepared.url, runs).catch((error: unknown) => ({
                ...listed,
                skipped: `Lighthouse failed: ${(error as Error).message.split('\n')[0]}`,
              }));
        if (!NO_COLD) Object.assign(measured, await measureCold(chromium.port, origin, step, runs));
        if (!NO_TAP) Object.assign(measured, await measureFirstTap(chromium.port, origin, step, runs));
        results.push(measured);
        log(
          measured.skipped
            ? `  ${step.step}: skipped (${measured.skipped})`
            : `  ${step.step}: warm ${measured.scores!.join(', ')}${measured.stateProblem ? ` (${measured.stateProblem})` : ''}; cold ${
                measured.coldScores?.join(', ') ?? measured.coldSkipped ?? 'not measured'
              }; first tap ${measured.tapRuns?.map((ms) => (ms === null ? '<16' : ms)).join(', ') ?? measured.tapSkipped ?? 'not measured'} ms`,
        );
      }
    } finally {
      await tab.disconnect();
    }
  } finally {
    await chromium.close();
  }
  return results;
}
