import type { GetServerSidePropsContext } from 'next';
import type { CheckoutFlow } from '@/lib/catalogue/types';
import type { ServerEnv } from '@/lib/server/config/serverEnv';
import type { JourneyMode } from '@/lib/journey/query';
import type { StepId } from '@/lib/journey/steps';
import type { StepViewModels } from '@/lib/journey/viewModels';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import type { ServerContext } from '@/lib/server/context/createServerContext';

/** What a step's loader is given: the parsed request, the campaign it is for, and the server's context. */
export interface StepLoaderContext {
  req: GetServerSidePropsContext['req'];
  res: GetServerSidePropsContext['res'];
  base: string;
  /** The query string kept between steps ("" or "?…"). */
  search: string;
  /** Segments after the step's own (auth/initiate/{page}). */
  returnSegments: string[];
  mode: JourneyMode;
  /** The campaign, its catalogue words as the page's language shows them (lib/catalogue/catalogueInLocale.ts). */
  flow: CheckoutFlow;
  /** The page's locale: the campaign's, or one it offers that the buyer chose on a private step (lib/i18n/languageOffers.ts). */
  locale: string;
  snapshot: CatalogueSnapshot;
  env: ServerEnv;
  now: Date;
  server: ServerContext;
}

/** A loader's answer: its step's view model, or a redirect away from the step. */
export type StepLoadResult<K extends StepId> = { view: StepViewModels[K] } | { redirect: string };

export type StepLoader<K extends StepId> = (context: StepLoaderContext) => Promise<StepLoadResult<K>>;
