import type { StepId } from '@/lib/journey/steps';
import type { StepPage } from '@/lib/journey/viewModels';

/**
 * A step's view gets its page: the campaign frame and its own view model. Kept apart from
 * the registry, which imports every step, so that a step never imports the registry back.
 */
export type StepViewProps<K extends StepId> = StepPage<K>;
