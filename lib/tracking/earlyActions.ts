/**
 * The markup binder (`actionBinding.ts`) loads after hydration, so that its parser is not
 * part of every page's first-load JS. Until it runs, this small recorder notes the clicks and
 * hovers on elements that carry tracking markup; the binder replays them when it starts, so
 * a visitor's quick first click still counts, even when it navigates away at once.
 */

/** The attribute the binder reads; repeated here so that this file imports nothing. */
const ACTIONS_SELECTOR = '[data-martech-actions]';
/** A page cannot be clicked this often in the moment before the binder loads; more is noise. */
export const MAX_EARLY_ACTIONS = 50;

export interface EarlyAction {
  trigger: 'click' | 'hover';
  /** What the visitor clicked or hovered; it may have left the DOM by the time of the replay. */
  target: Element;
}

export interface EarlyActionRecorder {
  /** Stops recording and hands over what was recorded, oldest first. */
  stop(): EarlyAction[];
}

/** `onRecord` is told of each action recorded (the shell holds later events behind them: track.ts). */
export function recordEarlyActions(root: Document | Element, onRecord?: () => void): EarlyActionRecorder {
  const recorded: EarlyAction[] = [];
  /** Hovers run once per element anyway: one is noted per tracked element, so hovering never crowds out a click. */
  const hovered = new Set<Element>();
  const note = (trigger: EarlyAction['trigger']) => (event: Event) => {
    const target = event.target;
    const tracked = target instanceof Element ? target.closest(ACTIONS_SELECTOR) : null;
    if (recorded.length >= MAX_EARLY_ACTIONS || !tracked) return;
    if (trigger === 'hover') {
      if (hovered.has(tracked)) return;
      hovered.add(tracked);
    }
    recorded.push({ trigger, target: target as Element });
    onRecord?.();
  };
  const onClick = note('click');
  // mouseenter does not bubble: mouseover on the way in stands for it, and the replay runs
  // each hover action once per element, like the binder.
  const onHover = note('hover');
  // Capture phase: a handler that stops propagation (or navigates) cannot hide the event.
  root.addEventListener('click', onClick, true);
  root.addEventListener('mouseover', onHover, true);
  let stopped = false;
  return {
    stop() {
      if (!stopped) {
        stopped = true;
        root.removeEventListener('click', onClick, true);
        root.removeEventListener('mouseover', onHover, true);
      }
      return recorded.splice(0);
    },
  };
}
