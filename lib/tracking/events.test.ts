import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCartExitClick } from './events';
import { drainBufferedEvents, onTrack, track } from './track';

afterEach(() => void drainBufferedEvents());

describe('buildCartExitClick', () => {
  it.each(['magic-link', 'sign-in'] as const)('builds the cart-exit %s click as a cart.ui funnel event', (link) => {
    expect(buildCartExitClick(link, 'vogue-demo-single')).toEqual({
      name: 'funnel-ui',
      payload: { _topic: 'cart.ui', action: 'click', el: link, position: 'cart-exit', campaignId: 'vogue-demo-single' },
    });
  });
});

describe('track', () => {
  it('buffers events in order and tells every listener, even when one fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const offFailing = onTrack(() => {
      throw new Error('destination down');
    });
    const off = onTrack((event) => seen.push(event.name === 'funnel-ui' ? event.payload.el : event.name));
    track(buildCartExitClick('magic-link', 'c'));
    track(buildCartExitClick('sign-in', 'c'));
    off();
    offFailing();
    expect(seen).toEqual(['magic-link', 'sign-in']);
    expect(drainBufferedEvents().map((e) => (e.name === 'funnel-ui' ? e.payload.el : e.name))).toEqual(['magic-link', 'sign-in']);
    expect(drainBufferedEvents()).toEqual([]);
  });

  it('keeps at most the last 200 events', () => {
    for (let i = 0; i < 250; i += 1) track(buildCartExitClick('sign-in', `c${i}`));
    const events = drainBufferedEvents();
    expect(events).toHaveLength(200);
    expect(events[0]).toEqual(buildCartExitClick('sign-in', 'c50'));
  });
});
