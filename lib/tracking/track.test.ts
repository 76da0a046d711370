// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCartExitClick } from './events';
import type { Pipeline } from './pipeline';
import { attachPipeline, drainBufferedEvents, onTrack, track } from './track';

afterEach(() => void drainBufferedEvents());

const elOf = (event: { name: string; payload: object }) => (event.payload as { el?: string }).el;

describe('track', () => {
  it('buffers events until a pipeline attaches, then hands them over in order and delivers the next at once', () => {
    track(buildCartExitClick('magic-link', 'c'));
    track(buildCartExitClick('sign-in', 'c'));
    const delivered: string[] = [];
    const pipeline: Pipeline = { deliver: (event) => delivered.push(elOf(event)!), setMode: vi.fn(), mode: () => 'anonymous' };
    const detach = attachPipeline(pipeline);
    expect(delivered).toEqual(['magic-link', 'sign-in']);
    track(buildCartExitClick('magic-link', 'd'));
    expect(delivered).toHaveLength(3);
    expect(drainBufferedEvents()).toEqual([]);
    detach();
    track(buildCartExitClick('sign-in', 'e'));
    expect(delivered).toHaveLength(3);
    expect(drainBufferedEvents()).toHaveLength(1);
  });

  it('delivers an event that waited with the page it happened on, not the page the visitor has moved to', () => {
    window.history.replaceState(null, '', '/vogue/demo-single');
    track(buildCartExitClick('magic-link', 'c'));
    window.history.replaceState(null, '', '/vogue/demo-single/cart');
    const at: unknown[] = [];
    const detach = attachPipeline({ deliver: (_event, where) => at.push(where), setMode: vi.fn(), mode: () => 'anonymous' });
    track(buildCartExitClick('sign-in', 'c'));
    detach();
    expect(at).toEqual([{ page: '/vogue/demo-single' }, undefined]);
  });

  it('tells every listener, even when one fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const offFailing = onTrack(() => {
      throw new Error('listener down');
    });
    const off = onTrack((event) => seen.push(elOf(event)!));
    track(buildCartExitClick('magic-link', 'c'));
    off();
    offFailing();
    expect(seen).toEqual(['magic-link']);
  });

  it('keeps at most the last 200 events while no pipeline is attached', () => {
    for (let i = 0; i < 250; i += 1) track(buildCartExitClick('sign-in', `c${i}`));
    const events = drainBufferedEvents();
    expect(events).toHaveLength(200);
    expect(events[0]).toEqual(buildCartExitClick('sign-in', 'c50'));
  });
});
