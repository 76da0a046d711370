import type { StepLoader } from '@/lib/server/ssr/stepLoader';
import { loadOrderStep } from './orderView';

export const loadPromoCode: StepLoader<'promo-code'> = async (context) => ({ view: await loadOrderStep(context) });
