import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import { DelayedLoader } from './Loader';
import { DYNAMIC_LOAD_DELAY_MS } from './loaderTypes';

/**
 * Loads a component's code only when it is first rendered, showing the form-loading
 * loader if that takes longer than the delay (200 ms by default).
 */
export function dynamicWithLoader<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  delayMs: number = DYNAMIC_LOAD_DELAY_MS,
): ComponentType<P> {
  return dynamic(load, { loading: () => <DelayedLoader type="form-loading" delayMs={delayMs} /> });
}
