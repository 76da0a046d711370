/** Offer-page templates, chosen by the number of plans (SPEC §5). */
export const TEMPLATE_IDENTIFIERS = ['single-offer-v1', 'dual-offer-v2'] as const;
export type TemplateIdentifier = (typeof TEMPLATE_IDENTIFIERS)[number];

export const MAX_PLANS = 2;

/** 1 plan is the single offer v1; 2 plans the dual offer v2; anything else has no template. */
export function templateForPlanCount(planCount: number): TemplateIdentifier | null {
  if (planCount === 1) return 'single-offer-v1';
  if (planCount === 2) return 'dual-offer-v2';
  return null;
}
