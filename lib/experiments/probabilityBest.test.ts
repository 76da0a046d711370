import { describe, expect, it } from 'vitest';
import { betaCdf, betaDensity, logGamma } from './betaDistribution';
import { probabilityBBeatsA, probabilityBest } from './probabilityBest';

describe('the Beta distribution', () => {
  it('has the log-gamma of known values: Γ(5) = 24, Γ(10) = 362880, Γ(1/2) = √π', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 9);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
  });

  it('has the distribution function of cases worked by hand', () => {
    // I_x(1, 1) = x; I_x(2, 1) = x²; I_x(1, 2) = 1 − (1 − x)²; I_½(a, a) = ½.
    expect(betaCdf(0.37, 1, 1)).toBeCloseTo(0.37, 12);
    expect(betaCdf(0.6, 2, 1)).toBeCloseTo(0.36, 12);
    expect(betaCdf(0.6, 1, 2)).toBeCloseTo(0.84, 12);
    expect(betaCdf(0.5, 40, 40)).toBeCloseTo(0.5, 12);
    // I_x(2, 3) = Σ_{j=2..4} C(4, j) x^j (1 − x)^(4−j): at 0.3, 0.2646 + 0.0756 + 0.0081.
    expect(betaCdf(0.3, 2, 3)).toBeCloseTo(0.3483, 12);
    expect(betaDensity(0.5, 2, 2)).toBeCloseTo(1.5, 12);
    // At the ends, the limit: Beta(1, 3) is 3 at 0; Beta(2, 1) is 2 at 1 and 0 at 0.
    expect(betaDensity(0, 1, 3)).toBeCloseTo(3, 12);
    expect(betaDensity(1, 2, 1)).toBeCloseTo(2, 12);
    expect(betaDensity(0, 2, 1)).toBe(0);
  });
});

describe('probabilityBBeatsA (closed form)', () => {
  it('is ½ with no data, and ⅓ when A has one order from one visitor and B nothing yet', () => {
    expect(probabilityBBeatsA({ visitors: 0, orders: 0 }, { visitors: 0, orders: 0 })).toBeCloseTo(0.5, 12);
    // A ~ Beta(2, 1), density 2x; B uniform: P(B > A) = ∫ 2x (1 − x) dx = ⅓.
    expect(probabilityBBeatsA({ visitors: 1, orders: 1 }, { visitors: 0, orders: 0 })).toBeCloseTo(1 / 3, 12);
    expect(probabilityBBeatsA({ visitors: 0, orders: 0 }, { visitors: 1, orders: 1 })).toBeCloseTo(2 / 3, 12);
  });
});

describe('probabilityBest', () => {
  it('agrees with the closed form for two variants, from a handful of visitors to thousands', () => {
    const cases: [number, number, number, number][] = [
      [0, 0, 1, 1],
      [50, 5, 40, 8],
      [200, 20, 200, 30],
      [1000, 100, 1000, 120],
      [20_000, 400, 20_000, 460],
      // A variant just started beside one with thousands of visitors: its posterior is flat.
      [0, 0, 20_000, 460],
      [10, 1, 100_000, 2300],
    ];
    for (const [visitorsA, ordersA, visitorsB, ordersB] of cases) {
      const a = { visitors: visitorsA, orders: ordersA };
      const b = { visitors: visitorsB, orders: ordersB };
      const [pA, pB] = probabilityBest([a, b]);
      expect(pB, JSON.stringify({ a, b })).toBeCloseTo(probabilityBBeatsA(a, b), 8);
      expect(pA! + pB!).toBeCloseTo(1, 12);
    }
  });

  it('gives identical variants equal chances, and a clearly better one nearly all of it', () => {
    for (const p of probabilityBest([
      { visitors: 300, orders: 30 },
      { visitors: 300, orders: 30 },
      { visitors: 300, orders: 30 },
    ]))
      expect(p).toBeCloseTo(1 / 3, 6);
    const [worse, better, other] = probabilityBest([
      { visitors: 5000, orders: 100 },
      { visitors: 5000, orders: 250 },
      { visitors: 5000, orders: 110 },
    ]);
    expect(better).toBeGreaterThan(0.999999);
    expect(worse! + other!).toBeLessThan(1e-6);
  });

  it('refuses an outcome that cannot be', () => {
    expect(() =>
      probabilityBest([
        { visitors: 1, orders: 2 },
        { visitors: 1, orders: 0 },
      ]),
    ).toThrow('whole number from 0 to its visitors');
  });
});
