import type { ComponentType } from 'react';
import type { StepId } from '@/lib/journey/steps';

type StepModule = { default: ComponentType<never> };

/**
 * The code of each step's view, fetched ahead of showing it, so that a client-side move to
 * a step renders its view at once instead of an empty main area (issue 25: "no blank
 * moments"). The same modules as registry.tsx's `dynamic()` calls: the bundler makes one
 * chunk per module, so fetching it here is fetching it for the view. The offer page's view
 * is in the first bundle.
 */
const STEP_CODE: { [K in StepId]?: () => Promise<StepModule> } = {
  cart: () => import('./CartStep'),
  'promo-code': () => import('./PromoCodeStep'),
  'credit-card': () => import('./CreditCardStep'),
  'amazon-pay-return': () => import('@/components/payment-methods/amazonpay/AmazonPayReturnStep'),
  success: () => import('./SuccessStep'),
  'auth-initiate': () => import('./AuthInitiateStep'),
  'auth-complete': () => import('./AuthCompleteStep'),
};

/** Where a visitor goes next from each step: the code fetched once the page is idle. */
export const NEXT_STEPS: { readonly [K in StepId]?: readonly StepId[] } = {
  campaign: ['cart'],
  cart: ['credit-card', 'promo-code'],
  'promo-code': ['credit-card'],
  'credit-card': ['success'],
  'amazon-pay-return': ['success'],
  'auth-complete': ['cart'],
};

const loaded = new Set<StepId>(['campaign']);
const loading = new Map<StepId, Promise<void>>();
/**
 * The views whose code came through here. Rendered directly rather than through their
 * `dynamic()` wrapper: a wrapper first rendered after its code came still shows its empty
 * placeholder for some frames (measured: about 60 ms) while its own import settles.
 */
const views = new Map<StepId, ComponentType<never>>();

/** The step's view, when its code came through loadStepCode; otherwise its `dynamic()` wrapper is the one to render. */
export function loadedStepView(step: StepId): ComponentType<never> | undefined {
  return views.get(step);
}

/** Whether the step's view can render at once (its code is here). */
export function isStepCodeLoaded(step: StepId): boolean {
  return loaded.has(step);
}

/** Fetches the step's code once; resolves when it is here, or when fetching failed (the view then shows its own loader or error). */
export function loadStepCode(step: StepId): Promise<void> {
  const load = STEP_CODE[step];
  if (!load || loaded.has(step)) {
    loaded.add(step);
    return Promise.resolve();
  }
  const pending =
    loading.get(step) ??
    load().then(
      (module) => {
        views.set(step, module.default);
        loaded.add(step);
      },
      () => {
        loading.delete(step);
      },
    );
  loading.set(step, pending);
  return pending;
}

/** Marks a step's code as here (a server-rendered step: Next loads its chunk before hydrating). */
export function markStepCodeLoaded(step: StepId): void {
  loaded.add(step);
}

/** For tests: forget what was loaded. */
export function resetStepCode(): void {
  loaded.clear();
  loaded.add('campaign');
  loading.clear();
  views.clear();
}
