import { useEffect, useState } from 'react';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import { isStepCodeLoaded, loadStepCode, markStepCodeLoaded, NEXT_STEPS } from './stepCode';

/** How long after the page is idle the next steps' code is fetched (browsers without requestIdleCallback). */
const IDLE_FALLBACK_MS = 1500;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, IDLE_FALLBACK_MS);
  return () => window.clearTimeout(timer);
}

/**
 * The props to render: the page's own once their step's code is here, until then the
 * previous step's, so that a client-side move keeps the frame, the view and its summary in
 * place instead of emptying the main area while the next step's code loads (the route
 * loader still shows after its delay on a slow load). Once the page is idle, the code of
 * the steps a visitor goes to next is fetched, so that the move is usually immediate.
 */
export function useShownStep(props: JourneyPageProps): JourneyPageProps {
  const [shown, setShown] = useState(props);
  // The first page's step was rendered by the server and its code loaded before hydration.
  const [first] = useState(props.step);
  markStepCodeLoaded(first);
  const ready = isStepCodeLoaded(props.step);

  useEffect(() => {
    if (isStepCodeLoaded(props.step)) {
      setShown(props);
      return undefined;
    }
    let current = true;
    void loadStepCode(props.step).then(() => {
      if (current) setShown(props);
    });
    return () => {
      current = false;
    };
  }, [props]);

  useEffect(
    () =>
      whenIdle(() => {
        for (const next of NEXT_STEPS[props.step] ?? []) void loadStepCode(next);
      }),
    [props.step],
  );

  return ready ? props : shown;
}
