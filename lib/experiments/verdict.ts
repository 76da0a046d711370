import { probabilityBest } from './probabilityBest';

/** What the report counted for one variant: its assigned visitors, their paid orders, and revenue net of tax by currency (minor units). */
export interface VariantFigures {
  variantId: string;
  visitors: number;
  orders: number;
  netRevenue: Readonly<Record<string, number>>;
}

/**
 * Below these, per variant, the verdict says "not enough data yet" rather than name a
 * leader: with fewer orders a single buyer moves a variant's rate by whole points, and the
 * probabilities swing from one day to the next (docs/experiments.md).
 */
export const MIN_VISITORS_PER_VARIANT = 200;
export const MIN_ORDERS_PER_VARIANT = 20;

export interface VariantVerdict {
  variantId: string;
  visitors: number;
  orders: number;
  /** Orders per assigned visitor; null before its first visitor. */
  orderRate: number | null;
  /** Net revenue per assigned visitor by currency, in minor units rounded to the unit; {} before its first visitor. */
  revenuePerVisitor: Record<string, number>;
  /** The probability that its order rate is the highest, under a Beta(1, 1) prior. */
  probabilityBest: number;
}

export interface ExperimentVerdict {
  /** Every variant, the likeliest best first (ties in the experiment's order). */
  variants: VariantVerdict[];
  /** The likeliest best variant once every variant has the minimum visitors and orders; null: not enough data yet. */
  leader: string | null;
}

/** The verdict of an experiment: its variants ranked on orders per assigned visitor, with the chance each is best. */
export function experimentVerdict(figures: readonly VariantFigures[]): ExperimentVerdict {
  const chances = probabilityBest(figures.map(({ visitors, orders }) => ({ visitors, orders })));
  const variants = figures
    .map((variant, index): VariantVerdict => ({
      variantId: variant.variantId,
      visitors: variant.visitors,
      orders: variant.orders,
      orderRate: variant.visitors === 0 ? null : variant.orders / variant.visitors,
      revenuePerVisitor:
        variant.visitors === 0
          ? {}
          : Object.fromEntries(
              Object.entries(variant.netRevenue).map(([currency, amount]) => [currency, Math.round(amount / variant.visitors)]),
            ),
      probabilityBest: chances[index]!,
    }))
    .map((variant, index) => ({ variant, index }))
    .sort((x, y) => y.variant.probabilityBest - x.variant.probabilityBest || x.index - y.index)
    .map(({ variant }) => variant);
  const enough = figures.every((variant) => variant.visitors >= MIN_VISITORS_PER_VARIANT && variant.orders >= MIN_ORDERS_PER_VARIANT);
  return { variants, leader: enough ? variants[0]!.variantId : null };
}
