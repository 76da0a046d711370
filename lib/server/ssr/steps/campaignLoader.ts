import type { StepLoader } from '@/lib/server/ssr/stepLoader';

/** The offer page needs nothing beyond the campaign: it stays the same for every visitor, so it can be cached. */
export const loadCampaign: StepLoader<'campaign'> = async () => ({ view: {} });
