// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIONS_ATTRIBUTE,
  IMPRESSION_THRESHOLD,
  parseActions,
  replayEarlyActions,
  SCAN_DEBOUNCE_MS,
  SCAN_MAX_WAIT_MS,
  startActionBinding,
  type ActionHandlers,
  type MarkupAction,
} from './actionBinding';
import { recordEarlyActions } from './earlyActions';
import { buildFunnelEvent, buildSubscriptionIntent } from './events';

/** An IntersectionObserver the test drives: `show(el, ratio)` plays the browser's callback. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.disconnected = true;
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
  show(el: Element, ratio: number) {
    if (!this.observed.has(el)) return;
    const entry = { target: el, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}
const io = () => FakeIntersectionObserver.instances.at(-1)!;

const subscribeClick: MarkupAction = {
  type: 'funnel',
  trigger: 'click',
  event: { _topic: 'waypoint.journey', action: 'click', el: 'subscribe', position: 'offer-2101' },
};

function handlers() {
  return { funnel: vi.fn(), segment: vi.fn(), analytics: vi.fn() } satisfies ActionHandlers;
}

function element(actions: unknown, tag = 'button'): HTMLElement {
  const el = document.createElement(tag);
  el.setAttribute(ACTIONS_ATTRIBUTE, typeof actions === 'string' ? actions : JSON.stringify(actions));
  document.body.append(el);
  return el;
}

/** Lets the MutationObserver report, then runs the debounced rescan. */
async function domSettles(ms = SCAN_DEBOUNCE_MS) {
  await Promise.resolve();
  await vi.advanceTimersByTimeAsync(ms);
}

let stop: (() => void) | undefined;
const start = (h: ActionHandlers, root: Document | Element = document) => {
  stop = startActionBinding(root, h, {
    campaignId: 'vogue-demo-single',
    IntersectionObserver: FakeIntersectionObserver as unknown as typeof IntersectionObserver,
  });
  return stop;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeIntersectionObserver.instances = [];
});
afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('parseActions', () => {
  it('validates each action of the list and fills a missing campaignId from the binder', () => {
    expect(
      parseActions(
        JSON.stringify([
          subscribeClick,
          { type: 'segment', trigger: 'impression', operation: 'add', segment: 'mtu.v' },
          { type: 'analytics', trigger: 'hover', name: 'checkout_interaction' },
          { type: 'funnel', trigger: 'hover', event: { ...subscribeClick.event, action: 'hover', campaignId: 'other' } },
        ]),
        'c-1',
      ),
    ).toEqual([
      { type: 'funnel', trigger: 'click', event: buildSubscriptionIntent('click', '2101', 'c-1') },
      { type: 'segment', trigger: 'impression', operation: 'add', segment: 'mtu.v' },
      { type: 'analytics', trigger: 'hover', name: 'checkout_interaction', data: {} },
      { type: 'funnel', trigger: 'hover', event: buildSubscriptionIntent('hover', '2101', 'other') },
    ]);
  });

  it.each([
    ['invalid JSON', '[{"type": "funnel",'],
    ['JSON that is not a list', '{"type":"funnel"}'],
  ])('%s: logged with console.error, element skipped', (_, value) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseActions(value, 'c')).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it.each([
    ['an unsupported type', { type: 'pixel', trigger: 'click' }, 'unsupported action type'],
    ['an unsupported trigger', { ...subscribeClick, trigger: 'scroll' }, 'unsupported trigger'],
    [
      'an unsupported segment operation',
      { type: 'segment', trigger: 'click', operation: 'replace', segment: 'x' },
      'unsupported segment operation',
    ],
    ['a segment action without segment', { type: 'segment', trigger: 'click', operation: 'add' }, 'needs a "segment"'],
    ['an unsupported funnel topic', { ...subscribeClick, event: { ...subscribeClick.event, _topic: 'other' } }, 'unsupported funnel topic'],
    [
      'an unsupported funnel action',
      { ...subscribeClick, event: { ...subscribeClick.event, action: 'swipe' } },
      'unsupported funnel action',
    ],
    [
      'a funnel action without action',
      { ...subscribeClick, event: { ...subscribeClick.event, action: undefined } },
      'Missing action for FunnelEvent',
    ],
    ['a funnel event without el', { ...subscribeClick, event: { ...subscribeClick.event, el: '' } }, 'needs "el" and "position"'],
    ['a funnel action without event', { type: 'funnel', trigger: 'click' }, 'needs an "event" object'],
    ['an analytics action without name', { type: 'analytics', trigger: 'click' }, 'needs a "name"'],
    ['an action that is not an object', 'click', 'must be an object'],
  ])('%s: logged with console.warn and ignored, the rest kept', (_, bad, message) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => parseActions(JSON.stringify([bad, subscribeClick]), 'c')).not.toThrow();
    expect(parseActions(JSON.stringify([bad, subscribeClick]), 'c')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(message));
  });
});

describe('startActionBinding', () => {
  it('runs click actions on every click, through the funnel wrapper', () => {
    const h = handlers();
    const el = element([subscribeClick]);
    start(h);
    el.click();
    el.click();
    const expected = buildFunnelEvent({ ...subscribeClick.event, campaignId: 'vogue-demo-single' });
    expect(h.funnel.mock.calls).toEqual([[expected], [expected]]);
  });

  it('runs hover actions on mouseenter, once per element per page view', () => {
    const h = handlers();
    const el = element([{ type: 'analytics', trigger: 'hover', name: 'checkout_interaction', data: { el: 'subscribe' } }]);
    const other = element([{ type: 'analytics', trigger: 'hover', name: 'checkout_interaction', data: { el: 'subscribe' } }]);
    start(h);
    el.dispatchEvent(new MouseEvent('mouseenter'));
    el.dispatchEvent(new MouseEvent('mouseenter'));
    other.dispatchEvent(new MouseEvent('mouseenter'));
    expect(h.analytics.mock.calls).toEqual([
      ['checkout_interaction', { el: 'subscribe' }],
      ['checkout_interaction', { el: 'subscribe' }],
    ]);
  });

  it('runs impression actions once when 30 % of the element is visible', () => {
    const h = handlers();
    const el = element([{ type: 'segment', trigger: 'impression', operation: 'add', segment: 'mtu.v' }]);
    start(h);
    expect(io().options).toEqual({ threshold: IMPRESSION_THRESHOLD });
    expect(IMPRESSION_THRESHOLD).toBe(0.3);
    io().show(el, 0.29);
    expect(h.segment).not.toHaveBeenCalled();
    io().show(el, 0.3);
    expect(h.segment).toHaveBeenCalledExactlyOnceWith('add', 'mtu.v');
    expect(io().observed.has(el)).toBe(false);
    io().show(el, 1);
    expect(h.segment).toHaveBeenCalledOnce();
  });

  it('binds elements added later, 500 ms after the DOM last changed', async () => {
    const h = handlers();
    start(h);
    const el = element([subscribeClick]);
    await domSettles(SCAN_DEBOUNCE_MS - 1);
    el.click();
    expect(h.funnel).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    el.click();
    expect(h.funnel).toHaveBeenCalledOnce();
  });

  it('still scans a DOM that never stops changing, at most 2 s after the first change', async () => {
    const h = handlers();
    start(h);
    const el = element([subscribeClick]);
    for (let t = 0; t < SCAN_MAX_WAIT_MS; t += 200) {
      document.body.append(document.createElement('span'));
      await domSettles(200);
    }
    el.click();
    expect(h.funnel).toHaveBeenCalledOnce();
  });

  it('binds each element once, however many rescans', async () => {
    const h = handlers();
    const el = element([subscribeClick]);
    start(h);
    for (let i = 0; i < 3; i++) {
      document.body.append(document.createElement('div'));
      await domSettles();
    }
    el.click();
    expect(h.funnel).toHaveBeenCalledOnce();
  });

  it('rebinds an element whose actions change', async () => {
    const h = handlers();
    const el = element([subscribeClick]);
    start(h);
    el.setAttribute(ACTIONS_ATTRIBUTE, JSON.stringify([{ ...subscribeClick, event: { ...subscribeClick.event, position: 'offer-2102' } }]));
    await domSettles();
    el.click();
    expect(h.funnel).toHaveBeenCalledExactlyOnceWith(buildSubscriptionIntent('click', '2102', 'vogue-demo-single'));
  });

  it('unbinds an element that leaves the DOM', async () => {
    const h = handlers();
    const el = element([{ type: 'segment', trigger: 'impression', operation: 'add', segment: 'mtu.v' }]);
    start(h);
    expect(io().observed.has(el)).toBe(true);
    el.remove();
    await domSettles();
    expect(io().observed.has(el)).toBe(false);
  });

  it('skips an element with invalid JSON, logging it once, and binds the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = handlers();
    const bad = element('[not json');
    const good = element([subscribeClick]);
    start(h);
    document.body.append(document.createElement('div'));
    await domSettles();
    bad.click();
    good.click();
    expect(h.funnel).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledOnce();
  });

  it('logs a handler that throws, and still runs the other actions', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = handlers();
    h.analytics.mockImplementation(() => {
      throw new Error('Unknown analytics schema "nope"');
    });
    const el = element([{ type: 'analytics', trigger: 'click', name: 'nope' }, subscribeClick]);
    start(h);
    expect(() => el.click()).not.toThrow();
    expect(h.funnel).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('analytics'), expect.any(Error));
  });

  it('binds the root element itself when it carries actions', () => {
    const h = handlers();
    const el = element([subscribeClick]);
    start(h, el);
    el.click();
    expect(h.funnel).toHaveBeenCalledOnce();
  });

  it('without IntersectionObserver, warns once and still binds clicks', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = handlers();
    element([{ type: 'segment', trigger: 'impression', operation: 'add', segment: 'a' }]);
    const el = element([subscribeClick, { type: 'segment', trigger: 'impression', operation: 'add', segment: 'b' }]);
    stop = startActionBinding(document, h, { campaignId: 'c', IntersectionObserver: null });
    el.click();
    expect(h.funnel).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('stop() removes listeners and disconnects the observers', async () => {
    const h = handlers();
    const el = element([subscribeClick, { type: 'segment', trigger: 'impression', operation: 'add', segment: 'mtu.v' }]);
    const stopBinding = start(h);
    const observer = io();
    stopBinding();
    el.click();
    expect(h.funnel).not.toHaveBeenCalled();
    expect(observer.disconnected).toBe(true);
    const later = element([subscribeClick]);
    await domSettles();
    later.click();
    expect(h.funnel).not.toHaveBeenCalled();
  });
});

describe('clicks and hovers before the binder loads', () => {
  const hoverAction: MarkupAction = { type: 'analytics', trigger: 'hover', name: 'checkout_interaction', data: { el: 'subscribe' } };
  const expectedClick = () => buildFunnelEvent({ ...subscribeClick.event, campaignId: 'vogue-demo-single' });

  it('are recorded and replayed once when binding starts, and the binder takes over after', () => {
    const h = handlers();
    const card = element([hoverAction], 'div');
    const button = document.createElement('button');
    button.setAttribute(ACTIONS_ATTRIBUTE, JSON.stringify([subscribeClick]));
    const label = document.createElement('span');
    button.append(label);
    card.append(button);
    const recorder = recordEarlyActions(document);
    label.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    label.click();
    expect(h.funnel).not.toHaveBeenCalled();
    stop = startActionBinding(document, h, { campaignId: 'vogue-demo-single', IntersectionObserver: null, early: recorder.stop() });
    expect(h.funnel.mock.calls).toEqual([[expectedClick()]]);
    expect(h.analytics.mock.calls).toEqual([['checkout_interaction', { el: 'subscribe' }]]);
    // The hover already counted this page view; the click counts every time.
    card.dispatchEvent(new MouseEvent('mouseenter'));
    button.click();
    expect(h.analytics).toHaveBeenCalledTimes(1);
    expect(h.funnel).toHaveBeenCalledTimes(2);
  });

  it('ignores events on elements without markup, and records nothing once stopped', () => {
    const plain = document.createElement('button');
    document.body.append(plain);
    const marked = element([subscribeClick]);
    const onRecord = vi.fn();
    const recorder = recordEarlyActions(document, onRecord);
    plain.click();
    expect(onRecord).not.toHaveBeenCalled();
    const early = recorder.stop();
    marked.click();
    expect(early).toEqual([]);
    expect(recorder.stop()).toEqual([]);
    expect(onRecord).not.toHaveBeenCalled();
  });

  it('tells of each action as it is recorded', () => {
    const marked = element([subscribeClick]);
    const onRecord = vi.fn();
    const recorder = recordEarlyActions(document, onRecord);
    marked.click();
    marked.click();
    expect(onRecord).toHaveBeenCalledTimes(2);
    recorder.stop();
  });

  it('notes one hover per tracked element, so that hovering never crowds out a click', () => {
    const card = element([hoverAction], 'div');
    const recorder = recordEarlyActions(document);
    for (let i = 0; i < 100; i += 1) card.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    card.click();
    expect(recorder.stop().map((action) => action.trigger)).toEqual(['hover', 'click']);
  });

  it('replays a click whose element has left the page since (the click navigated)', () => {
    const h = handlers();
    const el = element([subscribeClick]);
    const recorder = recordEarlyActions(document);
    el.click();
    el.remove();
    replayEarlyActions(recorder.stop(), h, 'vogue-demo-single');
    expect(h.funnel.mock.calls).toEqual([[expectedClick()]]);
  });

  it('are recorded even when a handler stops the event from bubbling', () => {
    const h = handlers();
    const el = element([subscribeClick]);
    el.addEventListener('click', (event) => event.stopPropagation());
    const recorder = recordEarlyActions(document);
    el.click();
    replayEarlyActions(recorder.stop(), h, 'vogue-demo-single');
    expect(h.funnel).toHaveBeenCalledTimes(1);
  });
});
