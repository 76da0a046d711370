import { describe, expect, it, vi } from 'vitest';
import { buildCartExitClick, buildOfferPageLoad, type JourneyEvent } from './events';
import { createPipeline, type Destination, type EventContext } from './pipeline';
import type { TrackingMode } from './consent/consentGroups';

function recorder(name: string, needs: TrackingMode) {
  const received: { event: JourneyEvent; context: EventContext }[] = [];
  const modes: TrackingMode[] = [];
  const destination: Destination = { name, needs, send: (event, context) => received.push({ event, context }), setMode: (mode) => modes.push(mode) };
  return { destination, received, modes };
}

const page = { campaignId: 'c1', currentPage: '/vogue/demo-single', timestamp: 1 };
const contextFor = (mode: TrackingMode) => ({ sessionId: mode === 'full' ? 'tracing-id' : 'page-view-id', source: 'src', livemode: false, page: '/p' });

describe('createPipeline', () => {
  it('delivers to anonymous destinations at once and holds gated ones until targeting consent, then replays in order', () => {
    const funnel = recorder('funnel', 'anonymous');
    const segments = recorder('segmentation', 'full');
    const pipeline = createPipeline({ destinations: [funnel.destination, segments.destination], context: contextFor, initialMode: 'anonymous' });

    pipeline.deliver(buildOfferPageLoad(page));
    pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
    expect(funnel.received.map((r) => r.context)).toEqual([
      { sessionId: 'page-view-id', source: 'src', livemode: false, page: '/p', mode: 'anonymous' },
      { sessionId: 'page-view-id', source: 'src', livemode: false, page: '/p', mode: 'anonymous' },
    ]);
    expect(segments.received).toEqual([]);

    pipeline.setMode('full');
    expect(segments.received.map((r) => r.event.name)).toEqual(['waypoint', 'funnel-ui']);
    expect(segments.received[0]!.context).toMatchObject({ sessionId: 'tracing-id', mode: 'full' });
    expect(funnel.received).toHaveLength(2); // nothing sent twice to what already had it
    expect(funnel.modes).toEqual(['full']);

    pipeline.deliver(buildCartExitClick('magic-link', 'c1'));
    expect(segments.received).toHaveLength(3);
    expect(funnel.received.at(-1)!.context.sessionId).toBe('tracing-id');
  });

  it('drops the waiting events when consent is refused, and replays nothing later that was sent with consent', () => {
    const segments = recorder('segmentation', 'full');
    const pipeline = createPipeline({ destinations: [segments.destination], context: contextFor, initialMode: 'full' });
    pipeline.deliver(buildOfferPageLoad(page));
    pipeline.setMode('anonymous');
    pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
    expect(segments.received).toHaveLength(1);
    pipeline.setMode('full');
    // The event made while consent was withdrawn waits for consent; the one sent before is not sent again.
    expect(segments.received.map((r) => r.event.name)).toEqual(['waypoint', 'funnel-ui']);
  });

  it('keeps at most maxPending events for consent', () => {
    const segments = recorder('segmentation', 'full');
    const pipeline = createPipeline({ destinations: [segments.destination], context: contextFor, initialMode: 'anonymous', maxPending: 3 });
    for (let i = 0; i < 5; i += 1) pipeline.deliver(buildCartExitClick('sign-in', `c${i}`));
    pipeline.setMode('full');
    expect(segments.received.map((r) => (r.event.payload as { campaignId: string }).campaignId)).toEqual(['c2', 'c3', 'c4']);
  });

  it('isolates a failing destination from the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: Destination = {
      name: 'broken',
      needs: 'anonymous',
      send: () => {
        throw new Error('down');
      },
      setMode: () => {
        throw new Error('down too');
      },
    };
    const funnel = recorder('funnel', 'anonymous');
    const pipeline = createPipeline({ destinations: [broken, funnel.destination], context: contextFor, initialMode: 'anonymous' });
    pipeline.deliver(buildOfferPageLoad(page));
    pipeline.setMode('full');
    expect(funnel.received).toHaveLength(1);
    expect(funnel.modes).toEqual(['full']);
    expect(error).toHaveBeenCalledWith('Tracking destination "broken" failed:', expect.any(Error));
  });
});
