import { launchChromium } from './chromium';
import { auditPage, type LighthouseRun } from './lighthouseAudit';
import { htmlScriptUrls, weighLoadedScripts, type LoadedScripts } from './loadedScripts';
import { openSharedTab, type SharedTab } from './sharedTab';
import { buyWithTestCard, fillCart } from './visitor';

/**
 * The journey's pages in a real browser (Lighthouse, mobile preset), in the order a visitor
 * meets them, with the state each step needs built by the visitor's own clicks: the cart
 * steps after "Subscribe", the success page after a sandbox payment (last, since a completed
 * order empties the cart).
 */
export type StepNeed = 'cart' | 'receipt';
export interface JourneyStep {
  step: string;
  path: string;
  needs?: StepNeed;
}

export const JOURNEY_STEPS: readonly JourneyStep[] = [
  { step: 'baseline', path: '/status' },
  { step: 'offer', path: '/vogue/demo-single' },
  { step: 'dual offer', path: '/newyorker/demo-dual' },
  { step: 'cart', path: '/vogue/demo-single/cart', needs: 'cart' },
  { step: 'promo code', path: '/vogue/demo-single/promo-code', needs: 'cart' },
  // Test mode: the bench's server pays through the sandbox, which takes no live payments.
  { step: 'card', path: '/vogue/demo-single/credit-card?livemode=false', needs: 'cart' },
  { step: 'success', path: '/vogue/demo-single/success', needs: 'receipt' },
];
const OFFER_PATH = '/vogue/demo-single';
const CARD_PATH = '/vogue/demo-single/credit-card?livemode=false';

export interface StepMeasure extends JourneyStep {
  /** Why the step was not measured. */
  skipped?: string;
  /** The run with the median performance score (its figures belong together). */
  run?: LighthouseRun;
  scores?: number[];
  js?: LoadedScripts;
  /** Set when the page did not show the state the step needs (its figures are of something else). */
  stateProblem?: string;
}

const median = <T>(items: T[], by: (item: T) => number): T => [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;

/** What the tab shows if the state did not carry over; null when it did. */
async function stateProblem(tab: SharedTab, step: JourneyStep, run: LighthouseRun): Promise<string | null> {
  const landed = new URL(run.finalUrl).pathname;
  if (landed !== new URL(run.url).pathname) return `redirected to ${landed}`;
  // Every order step offers this way back when it has no order (and only then).
  if (step.needs === 'cart' && (await tab.page.getByRole('link', { name: 'Choose a subscription' }).count())) return 'the cart was empty';
  if (step.needs === 'receipt' && !(await tab.page.getByRole('heading', { level: 1, name: /^Thank you/ }).count()))
    return 'no invoice shown';
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
  return { ...step, run, scores: done.map((r) => r.performance), js, ...(problem ? { stateProblem: problem } : {}) };
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
async function prepare(
  tab: SharedTab,
  origin: string,
  step: JourneyStep,
  state: { cart?: true; failed?: string },
): Promise<{ url: string } | { skipped: string }> {
  const listed = { url: `${origin}${step.path}` };
  if (!step.needs) return listed;
  if (state.failed) return { skipped: state.failed };
  try {
    if (!state.cart) {
      await fillCart(tab.page, `${origin}${OFFER_PATH}`);
      state.cart = true;
    }
    // The success page's address is the one the payment lands on (it may carry a query).
    return step.needs === 'receipt' ? { url: await buyWithTestCard(tab.page, `${origin}${CARD_PATH}`) } : listed;
  } catch (error) {
    const reason = `${state.cart ? 'the sandbox purchase did not reach the success page' : 'could not fill the cart'}: ${(error as Error).message.split('\n')[0]}`;
    if (!state.cart) state.failed = reason;
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
      const state: { cart?: true; failed?: string } = {};
      for (const step of JOURNEY_STEPS) {
        const prepared = await prepare(tab, origin, step, state);
        // One page Lighthouse cannot audit should not cost the others (nor a full run's load figures).
        const measured: StepMeasure =
          'skipped' in prepared
            ? { ...step, skipped: prepared.skipped }
            : await measureStep(tab, chromium.port, step, prepared.url, runs).catch((error: unknown) => ({
                ...step,
                skipped: `Lighthouse failed: ${(error as Error).message.split('\n')[0]}`,
              }));
        results.push(measured);
        log(
          measured.skipped
            ? `  ${step.step}: skipped (${measured.skipped})`
            : `  ${step.step}: performance ${measured.scores!.join(', ')}${measured.stateProblem ? ` (${measured.stateProblem})` : ''}`,
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
