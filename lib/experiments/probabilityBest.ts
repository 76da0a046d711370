import { betaCdf, betaDensity, logBeta } from './betaDistribution';

/** One variant's outcome: its assigned visitors, and how many of them ordered. */
export interface ArmOutcome {
  visitors: number;
  orders: number;
}

/** The posterior of a rate under a Beta(1, 1) (uniform) prior: Beta(1 + orders, 1 + visitors − orders). */
const posterior = ({ visitors, orders }: ArmOutcome) => ({ a: 1 + orders, b: 1 + visitors - orders });

/** Simpson's rule on [lo, hi] with `intervals` (even) intervals. */
function integrate(f: (x: number) => number, lo: number, hi: number, intervals: number): number {
  const h = (hi - lo) / intervals;
  let sum = f(lo) + f(hi);
  for (let i = 1; i < intervals; i += 1) sum += f(lo + i * h) * (i % 2 === 1 ? 4 : 2);
  return (sum * h) / 3;
}

/**
 * For each variant, the probability that its order rate is the highest, each rate's
 * posterior being Beta(1 + orders, 1 + visitors − orders) under a uniform prior:
 * P(i best) = ∫ f_i(x) ∏_{j≠i} F_j(x) dx, integrated numerically (Simpson's rule) over where
 * variant i's posterior has its mass. The answers add up to 1.
 */
export function probabilityBest(arms: readonly ArmOutcome[]): number[] {
  for (const arm of arms) {
    if (!Number.isInteger(arm.visitors) || !Number.isInteger(arm.orders) || arm.orders < 0 || arm.orders > arm.visitors)
      throw new Error(`An arm's orders are a whole number from 0 to its visitors: ${JSON.stringify(arm)}.`);
  }
  const posteriors = arms.map(posterior);
  // Each integrand is variant i's density times the others' distribution functions: it has
  // its mass where i's posterior has (12 standard deviations either side of its mean), and
  // turns sharply where another's has: the range is cut there, each piece integrated finely.
  const windows = posteriors.map(({ a, b }) => {
    const mean = a / (a + b);
    const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
    return [Math.max(0, mean - 12 * sd), Math.min(1, mean + 12 * sd)] as const;
  });
  const raw = posteriors.map(({ a, b }, i) => {
    const [lo, hi] = windows[i]!;
    const cuts = [...new Set([lo, hi, ...windows.flat().filter((cut) => cut > lo && cut < hi)])].sort((x, y) => x - y);
    const integrand = (x: number) =>
      betaDensity(x, a, b) * posteriors.reduce((product, other, j) => (j === i ? product : product * betaCdf(x, other.a, other.b)), 1);
    let sum = 0;
    for (let k = 0; k + 1 < cuts.length; k += 1) sum += integrate(integrand, cuts[k]!, cuts[k + 1]!, 1000);
    return sum;
  });
  const total = raw.reduce((sum, p) => sum + p, 0);
  return raw.map((p) => p / total);
}

/**
 * P(rate of B > rate of A) in closed form for two variants (Evan Miller, "Formulas for
 * Bayesian A/B Testing", 2015): Σ_{i=0}^{αB−1} B(αA+i, βA+βB) / ((βB+i) B(1+i, βB) B(αA, βA)),
 * with α = 1 + orders and β = 1 + visitors − orders. Exact, and a check on the integral above.
 */
export function probabilityBBeatsA(a: ArmOutcome, b: ArmOutcome): number {
  const A = posterior(a);
  const B = posterior(b);
  let sum = 0;
  for (let i = 0; i < B.a; i += 1)
    sum += Math.exp(logBeta(A.a + i, A.b + B.b) - Math.log(B.b + i) - logBeta(1 + i, B.b) - logBeta(A.a, A.b));
  return sum;
}
