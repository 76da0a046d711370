import type { StepMeasure } from './pageMeasures';

/**
 * The table of the journey's pages, each figure with its aim beside it (✓ met, ✗ missed).
 * Aims are printed, never asserted: timings on a shared machine vary.
 */
const PERFORMANCE_AIM = 95;
const PERFORMANCE_STEPS = new Set(['offer', 'dual offer', 'cart', 'card']);
const TBT_AIM_MS = 200;
const OFFER_JS_AIM_KB = 125;
const OFFER_STEPS = new Set(['offer', 'dual offer']);
/** Payment-provider code belongs to the card step (and after); before it, it only costs. */
const STEPS_WITHOUT_STRIPE = new Set(['baseline', 'offer', 'dual offer', 'cart', 'promo code']);

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const formatCls = (cls: number) => (cls === 0 ? '0' : cls < 0.001 ? '<0.001' : cls.toFixed(3));
const fileName = (url: string) => new URL(url).pathname.split('/').pop() || url;

function cells(m: StepMeasure): string[] {
  const run = m.run!;
  const js = m.js!;
  const perf = PERFORMANCE_STEPS.has(m.step)
    ? `${run.performance} ${mark(run.performance >= PERFORMANCE_AIM)} ≥${PERFORMANCE_AIM}`
    : String(run.performance);
  const cls = `${formatCls(run.cls)} ${mark(run.cls === 0)} =0`;
  const tbt = `${run.tbtMs} ${mark(run.tbtMs < TBT_AIM_MS)} <${TBT_AIM_MS}`;
  const weighed = js.scripts.filter((s) => s.gzipBytes !== null).length;
  const first = OFFER_STEPS.has(m.step)
    ? `${kb(js.htmlGzipBytes)} ${mark(js.htmlGzipBytes / 1024 <= OFFER_JS_AIM_KB)} ≤${OFFER_JS_AIM_KB}`
    : kb(js.htmlGzipBytes);
  const size = `${first}, +${kb(js.gzipBytes - js.htmlGzipBytes)} later`;
  const stripeLoaded = js.stripe.length > 0;
  const stripe = STEPS_WITHOUT_STRIPE.has(m.step) ? `${stripeLoaded ? 'yes' : 'no'} ${mark(!stripeLoaded)}` : stripeLoaded ? 'yes' : 'no';
  return [perf, cls, tbt, `${size} (${weighed})`, stripe];
}

const COLUMNS = ['performance', 'CLS', 'TBT ms', 'first-load JS kB gz, + loaded later (scripts)', 'Stripe'];
const WIDTHS = [13, 13, 11, 46, 7];

export function printPageTable(measures: StepMeasure[], runs: number, print: (line: string) => void): void {
  const lighthouseVersion = measures.find((m) => m.run)?.run?.lighthouseVersion ?? '?';
  print(
    `\nJourney pages in Chromium (Lighthouse ${lighthouseVersion}, mobile preset, median run of ${runs} by performance; ✓/✗ against the aim)`,
  );
  print(`  ${'step'.padEnd(11)} ${'path'.padEnd(32)} ${COLUMNS.map((c, i) => c.padEnd(WIDTHS[i]!)).join(' ')}`);
  for (const m of measures) {
    const row = m.skipped ? [`skipped: ${m.skipped}`] : cells(m).map((c, i) => c.padEnd(WIDTHS[i]!));
    print(`  ${m.step.padEnd(11)} ${m.path.padEnd(32)} ${row.join(' ')}`.trimEnd());
  }
  print(
    `  aims: performance ≥ ${PERFORMANCE_AIM} on offer, cart and card; CLS 0 and TBT < ${TBT_AIM_MS} ms everywhere; offer pages' first-load JS ≤ ${OFFER_JS_AIM_KB} kB gz;` +
      ' no Stripe code (js.stripe.com, a stripe-named chunk or Stripe.js loader) before the card step',
  );

  print('  notes:');
  for (const m of measures) {
    if (!m.run || !m.js) continue;
    const notes: string[] = [`runs ${m.scores!.join('/')}`, `LCP ${m.run.lcpMs} ms`, `FCP ${m.run.fcpMs} ms`];
    const largest = [...m.js.scripts]
      .filter((s) => s.gzipBytes !== null)
      .sort((a, b) => b.gzipBytes! - a.gzipBytes!)
      .slice(0, 3);
    notes.push(`largest ${largest.map((s) => `${fileName(s.url)} ${kb(s.gzipBytes!)}`).join(', ')}`);
    print(`    ${m.step}: ${notes.join('; ')}`);
    if (m.stateProblem) print(`      STATE NOT AS NEEDED: ${m.stateProblem} (figures are of that page)`);
    for (const s of m.js.scripts.filter((x) => x.note)) print(`      script ${s.url}: ${s.note}`);
    for (const reason of m.js.stripe) print(`      Stripe: ${reason}`);
    for (const error of m.run.consoleErrors) print(`      console error: ${error}`);
    for (const warning of m.run.warnings) print(`      Lighthouse warning: ${warning}`);
  }
}
