import { describe, expect, it } from 'vitest';
import type { LighthouseRun } from './lighthouseAudit';
import type { StepMeasure } from './pageMeasures';
import { cells, printPageTable } from './pageReport';

const run = (performance: number, tbtMs: number): LighthouseRun => ({
  lighthouseVersion: '12.8.2',
  url: 'http://127.0.0.1:3400/vogue/demo-single',
  finalUrl: 'http://127.0.0.1:3400/vogue/demo-single',
  performance,
  cls: 0,
  tbtMs,
  lcpMs: 1500,
  fcpMs: 900,
  scripts: [],
  consoleErrors: [],
  warnings: [],
});

const offer: StepMeasure = {
  step: 'offer',
  path: '/vogue/demo-single',
  run: run(99, 120),
  scores: [98, 99, 99],
  cold: run(94, 230),
  coldScores: [93, 94, 96],
  tapRuns: [80, 64, null],
  tapMs: 64,
  js: {
    gzipBytes: 130 * 1024,
    htmlGzipBytes: 100 * 1024,
    scripts: [
      { url: 'http://127.0.0.1:3400/a.js', gzipBytes: 60 * 1024, stripe: null },
      { url: 'http://127.0.0.1:3400/b.js', gzipBytes: 40 * 1024, stripe: null },
    ],
    stripe: [],
  },
};

describe('the journey pages table', () => {
  it('puts warm, cold, TBT and the first tap beside today’s figures, each against its aim', () => {
    expect(cells(offer)).toEqual(['99 ✓ (97)', '94 ✗ (85–92)', '120 ✓ (174)', '230 ✗', '64 ✓', '100.0 ✓ +30.0 (2)', '60.0', '0 ✓', 'no ✓']);
  });

  it('says when a tap stayed under the observer’s threshold, and when a part was skipped', () => {
    const row = cells({ ...offer, cold: undefined, coldSkipped: 'could not fill the cart', tapRuns: [null, null, null], tapMs: null });
    expect(row[1]).toBe('skipped');
    expect(row[4]).toBe('<16 ✓');
  });

  it('prints a header, a row per step and the aims', () => {
    const lines: string[] = [];
    printPageTable([offer, { step: 'cart', path: '/vogue/demo-single/cart', skipped: 'the cart was empty' }], 3, (l) => lines.push(l));
    expect(lines.some((l) => l.includes('warm (today)') && l.includes('tap 4× ms'))).toBe(true);
    expect(lines.some((l) => l.trim().startsWith('offer') && l.includes('(97)'))).toBe(true);
    expect(lines.some((l) => l.includes('skipped: the cart was empty'))).toBe(true);
  });

  it('prints the German offer page’s first-load JS beside the English one, against its aim', () => {
    const lines: string[] = [];
    const german = { ...offer, step: 'offer (de)', path: '/gq/demo-de', js: { ...offer.js!, htmlGzipBytes: 104 * 1024 } };
    printPageTable([offer, german], 3, (l) => lines.push(l));
    expect(lines).toContain(
      '  first-load JS of the German offer page 104.0 kB beside the English 100.0 kB: +4.0 kB ✗ (aim: at most +3 kB)',
    );
  });
});
