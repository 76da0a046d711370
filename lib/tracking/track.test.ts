// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCartExitClick } from './orderEvents';
import type { Pipeline } from './pipeline';
import { trackingConsentFor } from './consent/consentGroups';

const ANONYMOUS = trackingConsentFor({ decided: false }, 'anonymous-first');
import { attachPipeline, drainBufferedEvents, holdEvents, onTrack, track } from './track';

afterEach(() => void drainBufferedEvents());

const elOf = (event: { name: string; payload: object }) => (event.payload as { el?: string }).el;

describe('track', () => {
  it('buffers events until a pipeline attaches, then hands them over in order and delivers the next at once', () => {
    track(buildCartExitClick('magic-link', 'c'));
    track(buildCartExitClick('sign-in', 'c'));
    const delivered: string[] = [];
    const pipeline: Pipeline = {
      deliver: (event) => delivered.push(elOf(event)!),
      flush: vi.fn(),
      setConsent: vi.fn(),
      consent: () => ANONYMOUS,
    };
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
    const detach = attachPipeline({
      deliver: (_event, where) => at.push(where),
      flush: vi.fn(),
      setConsent: vi.fn(),
      consent: () => ANONYMOUS,
    });
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

  describe('holding events behind an early action', () => {
    /** An event told apart by its campaign id. */
    const labelled = (label: string) => buildCartExitClick('magic-link', label);
    const labelOf = (event: { payload: object }) => (event.payload as { campaignId: string }).campaignId;
    const recorder = () => {
      const delivered: string[] = [];
      const pipeline: Pipeline = {
        deliver: (event) => delivered.push(labelOf(event)),
        flush: vi.fn(),
        setConsent: vi.fn(),
        consent: () => ANONYMOUS,
      };
      return { delivered, pipeline };
    };

    it('lets what goes ahead pass, and what was emitted meanwhile follow it on release', () => {
      const { delivered, pipeline } = recorder();
      const detach = attachPipeline(pipeline);
      track(labelled('before'));
      const hold = holdEvents();
      track(labelled('meanwhile'));
      expect(delivered).toEqual(['before']);
      hold.ahead(labelled('early-click'));
      hold.release();
      track(labelled('after'));
      expect(delivered).toEqual(['before', 'early-click', 'meanwhile', 'after']);
      detach();
    });

    it('keeps the order while no pipeline is attached yet', () => {
      const hold = holdEvents();
      track(labelled('meanwhile'));
      hold.ahead(labelled('early-click'));
      hold.release();
      const { delivered, pipeline } = recorder();
      const detach = attachPipeline(pipeline);
      expect(delivered).toEqual(['early-click', 'meanwhile']);
      detach();
    });

    it('releases only when every hold has, and a second release changes nothing', () => {
      const { delivered, pipeline } = recorder();
      const detach = attachPipeline(pipeline);
      const left = holdEvents();
      const next = holdEvents();
      track(labelled('meanwhile'));
      left.release();
      left.release();
      expect(delivered).toEqual([]);
      next.ahead(labelled('early-click'));
      next.release();
      expect(delivered).toEqual(['early-click', 'meanwhile']);
      detach();
    });

    it('tells listeners of every event as it is emitted, held or ahead', () => {
      const heard: string[] = [];
      const off = onTrack((event) => heard.push(labelOf(event)));
      const hold = holdEvents();
      track(labelled('meanwhile'));
      hold.ahead(labelled('early-click'));
      hold.release();
      off();
      expect(heard).toEqual(['meanwhile', 'early-click']);
    });
  });
});
