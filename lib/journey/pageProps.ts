import type { CheckoutFlow } from '../catalogue/types';
import type { AvailableStepId } from './steps';
import type { JourneyMode } from './query';

/** What the journey route hands to its page: the step to show and everything it needs. */
export interface JourneyPageProps {
  kind: 'journey';
  location: { base: string; step: AvailableStepId; returnSegments: string[] };
  mode: JourneyMode;
  /** The query string to keep when moving between steps ("" or "?source=…"). */
  search: string;
  flow: CheckoutFlow;
}

/** A journey URL whose query could not be read: the page explains what is wrong. */
export interface BadRequestPageProps {
  kind: 'bad-request';
  message: string;
}

export type JourneyRouteProps = JourneyPageProps | BadRequestPageProps;
