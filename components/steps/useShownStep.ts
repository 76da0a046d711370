import { useEffect, useState } from 'react';
import type { JourneyPageProps } from '@/lib/journey/viewModels';
import { isStepCodeLoaded, loadStepCode, markStepCodeLoaded, NEXT_STEPS } from './stepCode';

/** After hydration, how long before the next steps' code is fetched: off the first load's busiest moment. */
const SETTLE_MS = 1000;
/** Then at the next idle moment, or after this at the latest (headless or busy pages may give none). */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `run` once the page has settled, or at the visitor's first touch or key, whichever comes first. */
function whenSettled(run: () => void): () => void {
  let done = false;
  let idle: number | null = null;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(once, { timeout: IDLE_TIMEOUT_MS });
    else once();
  }, SETTLE_MS);
  // A tap's pointerdown comes some 50–100 ms before its click: a head start on a slow phone.
  window.addEventListener('pointerdown', once, { once: true, capture: true });
  window.addEventListener('keydown', once, { once: true, capture: true });
  return () => {
    done = true;
    window.clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
    window.removeEventListener('pointerdown', once, { capture: true });
    window.removeEventListener('keydown', once, { capture: true });
  };
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
  // The first page's step was rendered by the server and its code loaded before hydration (its
  // dynamic() wrapper has it; JourneyView renders that one).
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
      whenSettled(() => {
        for (const next of NEXT_STEPS[props.step] ?? []) void loadStepCode(next);
      }),
    [props.step],
  );

  return ready ? props : shown;
}
