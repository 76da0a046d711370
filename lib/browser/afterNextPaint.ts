/** If the page is hidden, frames stop: the work still runs, this long after. */
const HIDDEN_PAGE_MS = 100;

/**
 * Runs `work` in a task of its own once the browser has painted what the current event
 * changed, so that a tap's visible answer (a busy button) is not held back by the work it
 * starts (tracking, the route change). On a phone with the CPU slowed 4×, the offer page's
 * "Subscribe" did all of it before painting: 105–155 ms from tap to paint.
 */
export function afterNextPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, HIDDEN_PAGE_MS);
}
