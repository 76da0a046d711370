import { buildFunnelEvent, UI_ACTIONS, type FunnelTopic, type FunnelUiEvent, type UiAction } from './events';
import type { EarlyAction } from './earlyActions';
import { isSegmentOperation, type SegmentOperation } from './segmentOperation';

/**
 * Tracking declared in markup (SPEC §7, §8, §9): an element carries a JSON list of actions in
 * `data-martech-actions`, and this binder runs each on its trigger. The attribute is data,
 * not code, so nothing in it can break the page: invalid JSON is logged with console.error
 * and the element skipped; an unsupported type, trigger or field is logged with
 * console.warn and that action skipped; a handler that throws is logged.
 *
 * The markup schema, one object per action:
 *
 *   {"type": "funnel", "trigger": "click" | "hover" | "impression",
 *    "event": {"_topic": "cart.ui" | "waypoint.journey", "action": "click" | "hover" | …,
 *              "el": "subscribe", "position": "offer-2101", "campaignId"?: "…"}}
 *   {"type": "segment", "trigger": …, "operation": "add" | "remove", "segment": "mtu.v"}
 *   {"type": "analytics", "trigger": …, "name": "<registered schema name>", "data"?: {…}}
 *
 * A funnel event without `campaignId` takes the binder's. Clicks fire on every click;
 * hovers (`mouseenter`) and impressions (30 % visible) fire once per element and action
 * per page view.
 */

export const ACTIONS_ATTRIBUTE = 'data-martech-actions';
export const ACTION_TYPES = ['funnel', 'segment', 'analytics'] as const;
export const ACTION_TRIGGERS = ['click', 'hover', 'impression'] as const;
/** SPEC §9: the DOM is rescanned this long after it last changed. */
export const SCAN_DEBOUNCE_MS = 500;
/** A page that never stops changing (a countdown, a carousel) still gets scanned this often. */
export const SCAN_MAX_WAIT_MS = 2000;
/** SPEC §9: the share of an element that must be visible to count as an impression. */
export const IMPRESSION_THRESHOLD = 0.3;

export type ActionType = (typeof ACTION_TYPES)[number];
export type ActionTrigger = (typeof ACTION_TRIGGERS)[number];

/** One action as written in the attribute. */
export type MarkupAction =
  | {
      type: 'funnel';
      trigger: ActionTrigger;
      event: { _topic: FunnelTopic; action: UiAction; el: string; position: string; campaignId?: string };
    }
  | { type: 'segment'; trigger: ActionTrigger; operation: SegmentOperation; segment: string }
  | { type: 'analytics'; trigger: ActionTrigger; name: string; data?: Record<string, unknown> };

/** One action validated and ready to run. */
export type BoundAction =
  | { type: 'funnel'; trigger: ActionTrigger; event: FunnelUiEvent }
  | { type: 'segment'; trigger: ActionTrigger; operation: SegmentOperation; segment: string }
  | { type: 'analytics'; trigger: ActionTrigger; name: string; data: Record<string, unknown> };

export interface ActionHandlers {
  funnel(event: FunnelUiEvent): void;
  segment(operation: SegmentOperation, segment: string): void;
  analytics(name: string, data: Record<string, unknown>): void;
}

export interface ActionBindingOptions {
  /** The campaign of the page, for funnel events that do not name one. */
  campaignId: string;
  /** The browser's by default; null (or a browser without it) means impressions are not tracked. */
  IntersectionObserver?: typeof IntersectionObserver | null;
  /** The browser's by default; null means only the first scan happens. */
  MutationObserver?: typeof MutationObserver | null;
  /** Clicks and hovers recorded before the binder loaded (`earlyActions.ts`), replayed once on start. */
  early?: readonly EarlyAction[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const FUNNEL_TOPICS: readonly FunnelTopic[] = ['cart.ui', 'waypoint.journey'];

function parseFunnelEvent(raw: unknown, campaignId: string, where: string): FunnelUiEvent | null {
  if (!isRecord(raw)) {
    console.warn(`${where}: a funnel action needs an "event" object; skipped.`);
    return null;
  }
  const { _topic, action, el, position } = raw;
  if (!FUNNEL_TOPICS.includes(_topic as FunnelTopic)) {
    console.warn(`${where}: unsupported funnel topic ${JSON.stringify(_topic)}; skipped.`);
    return null;
  }
  if (action !== undefined && action !== null && action !== '' && !UI_ACTIONS.includes(action as UiAction)) {
    console.warn(`${where}: unsupported funnel action ${JSON.stringify(action)}; skipped.`);
    return null;
  }
  if (!nonEmpty(el) || !nonEmpty(position)) {
    console.warn(`${where}: a funnel event needs "el" and "position"; skipped.`);
    return null;
  }
  try {
    // The one funnel wrapper; its missing-action error is a bug in code but only bad data here.
    return buildFunnelEvent({
      _topic: _topic as FunnelTopic,
      action: action as UiAction | '' | undefined | null,
      el,
      position,
      campaignId: nonEmpty(raw.campaignId) ? raw.campaignId : campaignId,
    });
  } catch (error) {
    console.warn(`${where}: ${error instanceof Error ? error.message : String(error)}; skipped.`);
    return null;
  }
}

function parseAction(raw: unknown, campaignId: string, where: string): BoundAction | null {
  if (!isRecord(raw)) {
    console.warn(`${where}: an action must be an object; skipped.`);
    return null;
  }
  const { type, trigger } = raw;
  if (!ACTION_TYPES.includes(type as ActionType)) {
    console.warn(`${where}: unsupported action type ${JSON.stringify(type)}; skipped.`);
    return null;
  }
  if (!ACTION_TRIGGERS.includes(trigger as ActionTrigger)) {
    console.warn(`${where}: unsupported trigger ${JSON.stringify(trigger)}; skipped.`);
    return null;
  }
  const on = trigger as ActionTrigger;
  switch (type as ActionType) {
    case 'funnel': {
      const event = parseFunnelEvent(raw.event, campaignId, where);
      return event && { type: 'funnel', trigger: on, event };
    }
    case 'segment':
      if (!isSegmentOperation(raw.operation)) {
        console.warn(`${where}: unsupported segment operation ${JSON.stringify(raw.operation)}; skipped.`);
        return null;
      }
      if (!nonEmpty(raw.segment)) {
        console.warn(`${where}: a segment action needs a "segment"; skipped.`);
        return null;
      }
      return { type: 'segment', trigger: on, operation: raw.operation, segment: raw.segment };
    case 'analytics':
      if (!nonEmpty(raw.name) || (raw.data !== undefined && !isRecord(raw.data))) {
        console.warn(`${where}: an analytics action needs a "name" and, if any, an object "data"; skipped.`);
        return null;
      }
      return { type: 'analytics', trigger: on, name: raw.name, data: isRecord(raw.data) ? raw.data : {} };
  }
}

/**
 * Parses an attribute value. Invalid JSON (or JSON that is not a list) is logged with
 * console.error and gives null; invalid actions are logged and left out.
 */
export function parseActions(value: string, campaignId: string, where = ACTIONS_ATTRIBUTE): BoundAction[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    console.error(`${where}: invalid JSON in ${ACTIONS_ATTRIBUTE}; element skipped.`, error);
    return null;
  }
  if (!Array.isArray(parsed)) {
    console.error(`${where}: ${ACTIONS_ATTRIBUTE} must hold a JSON list of actions; element skipped.`);
    return null;
  }
  return parsed.map((raw) => parseAction(raw, campaignId, where)).filter((action): action is BoundAction => action !== null);
}

const describeElement = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;

interface Binding {
  value: string;
  actions: readonly BoundAction[];
  unbind(): void;
}

interface ActionRunner {
  run(action: BoundAction): void;
  /** Runs each action at most once per element (hovers and impressions: once per page view). */
  runOnce(el: Element, actions: readonly BoundAction[]): void;
}

function actionRunner(handlers: ActionHandlers): ActionRunner {
  const fired = new WeakMap<Element, Set<string>>();

  function run(action: BoundAction): void {
    try {
      if (action.type === 'funnel') handlers.funnel(action.event);
      else if (action.type === 'segment') handlers.segment(action.operation, action.segment);
      else handlers.analytics(action.name, action.data);
    } catch (error) {
      console.error(`Tracking action "${action.type}" on ${action.trigger} failed:`, error);
    }
  }

  function runOnce(el: Element, actions: readonly BoundAction[]): void {
    let done = fired.get(el);
    if (!done) fired.set(el, (done = new Set()));
    for (const action of actions) {
      const key = JSON.stringify(action);
      if (done.has(key)) continue;
      done.add(key);
      run(action);
    }
  }
  return { run, runOnce };
}

/**
 * Runs what each recorded event would have run had the binder been there: the actions of
 * every element with markup from the target up (a click bubbles), hovers once per element.
 * The target may have left the DOM (the click navigated): its own markup still says what to run.
 */
function replay(
  early: readonly EarlyAction[],
  runner: ActionRunner,
  actionsOf: (el: Element, value: string) => readonly BoundAction[] | null,
): void {
  for (const { trigger, target } of early) {
    for (let el: Element | null = target; el; el = el.parentElement) {
      const value = el.getAttribute(ACTIONS_ATTRIBUTE);
      if (value === null) continue;
      const matching = (actionsOf(el, value) ?? []).filter((action) => action.trigger === trigger);
      if (trigger === 'click') matching.forEach(runner.run);
      else runner.runOnce(el, matching);
    }
  }
}

/**
 * Replays recorded clicks and hovers without binding anything: for a page the visitor left
 * before the binder arrived (their click is what took them away).
 */
export function replayEarlyActions(early: readonly EarlyAction[], handlers: ActionHandlers, campaignId: string): void {
  replay(early, actionRunner(handlers), (el, value) => parseActions(value, campaignId, describeElement(el)));
}

/**
 * Binds every element under `root` that carries the attribute, now and (through a
 * MutationObserver, debounced) whenever the DOM changes. Each element is bound once; when
 * its attribute changes it is rebound, and when it leaves the DOM it is unbound. Returns
 * stop(), which disconnects the observers and removes every listener.
 */
export function startActionBinding(root: Document | Element, handlers: ActionHandlers, options: ActionBindingOptions): () => void {
  const IO = options.IntersectionObserver === undefined ? globalThis.IntersectionObserver : options.IntersectionObserver;
  const MO = options.MutationObserver === undefined ? globalThis.MutationObserver : options.MutationObserver;

  const bindings = new Map<Element, Binding>();
  const { run, runOnce } = actionRunner(handlers);
  const impressionActions = new Map<Element, BoundAction[]>();
  let intersection: IntersectionObserver | null = null;
  let warnedNoIntersection = false;
  let stopped = false;

  function observeImpressions(): IntersectionObserver | null {
    if (intersection || !IO) return intersection;
    intersection = new IO(
      (entries) => {
        for (const entry of entries) {
          // Browsers report a ratio a hair under the threshold when it is crossed exactly.
          if (!entry.isIntersecting || entry.intersectionRatio < IMPRESSION_THRESHOLD - 0.001) continue;
          const actions = impressionActions.get(entry.target);
          if (actions) runOnce(entry.target, actions);
          intersection?.unobserve(entry.target);
          impressionActions.delete(entry.target);
        }
      },
      { threshold: IMPRESSION_THRESHOLD },
    );
    return intersection;
  }

  function bind(el: Element, value: string): Binding {
    const actions = parseActions(value, options.campaignId, describeElement(el)) ?? [];
    const on = (trigger: ActionTrigger) => actions.filter((action) => action.trigger === trigger);
    const removers: (() => void)[] = [];

    const clicks = on('click');
    if (clicks.length > 0) {
      const listener = () => clicks.forEach(run);
      el.addEventListener('click', listener);
      removers.push(() => el.removeEventListener('click', listener));
    }
    const hovers = on('hover');
    if (hovers.length > 0) {
      const listener = () => runOnce(el, hovers);
      el.addEventListener('mouseenter', listener);
      removers.push(() => el.removeEventListener('mouseenter', listener));
    }
    const impressions = on('impression');
    if (impressions.length > 0) {
      const observer = observeImpressions();
      if (observer) {
        impressionActions.set(el, impressions);
        observer.observe(el);
        removers.push(() => {
          observer.unobserve(el);
          impressionActions.delete(el);
        });
      } else if (!warnedNoIntersection) {
        warnedNoIntersection = true;
        console.warn('No IntersectionObserver in this browser: impression actions are not tracked.');
      }
    }
    return { value, actions, unbind: () => removers.forEach((remove) => remove()) };
  }

  function scan(): void {
    if (stopped) return;
    for (const [el, binding] of bindings) {
      if (!root.contains(el) || el.getAttribute(ACTIONS_ATTRIBUTE) === null) {
        binding.unbind();
        bindings.delete(el);
      }
    }
    const elements = [...root.querySelectorAll(`[${ACTIONS_ATTRIBUTE}]`)];
    if (root instanceof Element && root.hasAttribute(ACTIONS_ATTRIBUTE)) elements.unshift(root);
    for (const el of elements) {
      const value = el.getAttribute(ACTIONS_ATTRIBUTE) ?? '';
      const existing = bindings.get(el);
      // Bound once: an element is rebound only when its actions change (invalid ones are not re-logged).
      if (existing?.value === value) continue;
      existing?.unbind();
      bindings.set(el, bind(el, value));
    }
  }

  let debounce: ReturnType<typeof setTimeout> | null = null;
  let firstPendingChange: number | null = null;
  function scheduleScan(): void {
    if (stopped) return;
    const now = Date.now();
    firstPendingChange ??= now;
    if (debounce !== null) clearTimeout(debounce);
    const delay = Math.min(SCAN_DEBOUNCE_MS, Math.max(0, firstPendingChange + SCAN_MAX_WAIT_MS - now));
    debounce = setTimeout(() => {
      debounce = null;
      firstPendingChange = null;
      scan();
    }, delay);
  }

  scan();
  if (options.early) {
    replay(options.early, { run, runOnce }, (el, value) => {
      const bound = bindings.get(el);
      return bound?.value === value ? bound.actions : parseActions(value, options.campaignId, describeElement(el));
    });
  }
  const mutations = MO ? new MO(scheduleScan) : null;
  mutations?.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: [ACTIONS_ATTRIBUTE] });

  return function stop() {
    if (stopped) return;
    stopped = true;
    mutations?.disconnect();
    if (debounce !== null) clearTimeout(debounce);
    intersection?.disconnect();
    for (const binding of bindings.values()) binding.unbind();
    bindings.clear();
    impressionActions.clear();
  };
}
