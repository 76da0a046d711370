import { describe, expect, it, vi } from 'vitest';
import { buildOfferPageLoad, type JourneyEvent } from './events';
import { buildCartExitClick } from './orderEvents';
import { createPipeline, type Destination, type EventContext } from './pipeline';
import {
  ALL_GROUPS,
  NECESSARY_ONLY,
  trackingConsentFor,
  type ConsentGroupId,
  type TrackingConsent,
  type TrackingMode,
  type TrackingPurpose,
} from './consent/consentGroups';

function recorder(name: string, purpose: TrackingPurpose) {
  const received: { event: JourneyEvent; context: EventContext }[] = [];
  const consents: TrackingConsent[] = [];
  const destination: Destination = {
    name,
    purpose,
    send: (event, context) => received.push({ event, context }),
    setConsent: (c) => consents.push(c),
  };
  return { destination, received, consents };
}

const page = { campaignId: 'c1', currentPage: '/vogue/demo-single', timestamp: 1 };
const contextFor = (mode: TrackingMode) => ({
  sessionId: mode === 'full' ? 'tracing-id' : 'page-view-id',
  source: 'src',
  livemode: false,
  page: '/p',
});
const UNANSWERED = trackingConsentFor({ decided: false }, 'anonymous-first');
const STRICT_UNANSWERED = trackingConsentFor({ decided: false }, 'strict');
const ALL = trackingConsentFor({ decided: true, groups: ALL_GROUPS }, 'anonymous-first');
const REJECTED = trackingConsentFor({ decided: true, groups: NECESSARY_ONLY }, 'anonymous-first');
const PERFORMANCE_ONLY = trackingConsentFor({ decided: true, groups: new Set<ConsentGroupId>(['C0001', 'C0002']) }, 'anonymous-first');

describe('createPipeline', () => {
  it('delivers to measurement at once and holds targeting until its consent, then replays in order', () => {
    const funnel = recorder('funnel', 'measurement');
    const segments = recorder('segmentation', 'targeting');
    const pipeline = createPipeline({
      destinations: [funnel.destination, segments.destination],
      context: contextFor,
      initialConsent: UNANSWERED,
    });

    pipeline.deliver(buildOfferPageLoad(page));
    pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
    expect(funnel.received.map((r) => r.context)).toEqual([
      { sessionId: 'page-view-id', source: 'src', livemode: false, page: '/p', mode: 'anonymous' },
      { sessionId: 'page-view-id', source: 'src', livemode: false, page: '/p', mode: 'anonymous' },
    ]);
    expect(segments.received).toEqual([]);

    pipeline.setConsent(ALL);
    expect(segments.received.map((r) => r.event.name)).toEqual(['waypoint', 'funnel-ui']);
    expect(segments.received[0]!.context).toMatchObject({ sessionId: 'tracing-id', mode: 'full' });
    expect(funnel.received).toHaveLength(2); // nothing sent twice to what already had it
    expect(funnel.consents).toEqual([ALL]);

    pipeline.deliver(buildCartExitClick('magic-link', 'c1'));
    expect(segments.received).toHaveLength(3);
    expect(funnel.received.at(-1)!.context.sessionId).toBe('tracing-id');
  });

  it('lets performance (C0002) govern the collector and the inspector once the visitor has answered', () => {
    const funnel = recorder('funnel', 'measurement');
    const analytics = recorder('analytics', 'performance');
    const pipeline = createPipeline({
      destinations: [funnel.destination, analytics.destination],
      context: contextFor,
      initialConsent: UNANSWERED,
    });
    pipeline.deliver(buildOfferPageLoad(page));
    expect(analytics.received).toHaveLength(1); // SPEC §4: anonymous measurement before an answer

    pipeline.setConsent(REJECTED);
    pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
    expect(funnel.received).toHaveLength(2);
    expect(analytics.received).toHaveLength(1);

    pipeline.setConsent(PERFORMANCE_ONLY);
    expect(analytics.received.map((r) => r.event.name)).toEqual(['waypoint', 'funnel-ui']);
    expect(analytics.received[1]!.context.mode).toBe('anonymous');
  });

  it('under the strict policy sends nothing before an answer, then what the answer allows', () => {
    const funnel = recorder('funnel', 'measurement');
    const analytics = recorder('analytics', 'performance');
    const segments = recorder('segmentation', 'targeting');
    const pipeline = createPipeline({
      destinations: [funnel.destination, analytics.destination, segments.destination],
      context: contextFor,
      initialConsent: STRICT_UNANSWERED,
    });
    pipeline.deliver(buildOfferPageLoad(page));
    pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
    expect([funnel.received, analytics.received, segments.received]).toEqual([[], [], []]);

    pipeline.setConsent(trackingConsentFor({ decided: true, groups: NECESSARY_ONLY }, 'strict'));
    expect(funnel.received.map((r) => r.event.name)).toEqual(['waypoint', 'funnel-ui']);
    expect(analytics.received).toEqual([]);
    expect(segments.received).toEqual([]);
  });

  it('sends nothing again that was sent, and keeps what consent withdrawn held back', () => {
    const segments = recorder('segmentation', 'targeting');
    const pipeline = createPipeline({ destinations: [segments.destination], context: contextFor, initialConsent: ALL });
    pipeline.deliver(buildOfferPageLoad(page));
    pipeline.setConsent(REJECTED);
    pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
    expect(segments.received).toHaveLength(1);
    pipeline.setConsent(ALL);
    // The event made while consent was withdrawn waits for consent; the one sent before is not sent again.
    expect(segments.received.map((r) => r.event.name)).toEqual(['waypoint', 'funnel-ui']);
  });

  it('keeps at most maxPending events for consent', () => {
    const segments = recorder('segmentation', 'targeting');
    const pipeline = createPipeline({
      destinations: [segments.destination],
      context: contextFor,
      initialConsent: UNANSWERED,
      maxPending: 3,
    });
    for (let i = 0; i < 5; i += 1) pipeline.deliver(buildCartExitClick('sign-in', `c${i}`));
    pipeline.setConsent(ALL);
    expect(segments.received.map((r) => (r.event.payload as { campaignId: string }).campaignId)).toEqual(['c2', 'c3', 'c4']);
  });

  it('tells destinations only of a change, and says what consent is', () => {
    const funnel = recorder('funnel', 'measurement');
    const pipeline = createPipeline({ destinations: [funnel.destination], context: contextFor, initialConsent: UNANSWERED });
    pipeline.setConsent(trackingConsentFor({ decided: false }, 'anonymous-first'));
    expect(funnel.consents).toEqual([]);
    pipeline.setConsent(ALL);
    expect(pipeline.consent()).toEqual(ALL);
  });

  it('isolates a failing destination from the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: Destination = {
      name: 'broken',
      purpose: 'measurement',
      send: () => {
        throw new Error('down');
      },
      setConsent: () => {
        throw new Error('down too');
      },
    };
    const funnel = recorder('funnel', 'measurement');
    const pipeline = createPipeline({ destinations: [broken, funnel.destination], context: contextFor, initialConsent: UNANSWERED });
    pipeline.deliver(buildOfferPageLoad(page));
    pipeline.setConsent(ALL);
    expect(funnel.received).toHaveLength(1);
    expect(funnel.consents).toEqual([ALL]);
    expect(error).toHaveBeenCalledWith('Tracking destination "broken" failed:', expect.any(Error));
  });

  describe('with a schedule (the browser: after the next paint)', () => {
    function scheduled() {
      const funnel = recorder('funnel', 'measurement');
      const segments = recorder('segmentation', 'targeting');
      const runs: (() => void)[] = [];
      let at = '/p';
      const pipeline = createPipeline({
        destinations: [funnel.destination, segments.destination],
        context: (mode) => ({ ...contextFor(mode), page: at }),
        initialConsent: UNANSWERED,
        schedule: (flush) => runs.push(flush),
      });
      return { funnel, segments, runs, pipeline, goTo: (page: string) => (at = page) };
    }

    it('hands the destinations everything in order, once, when the schedule runs, with the context of when it was delivered', () => {
      const { funnel, runs, pipeline, goTo } = scheduled();
      pipeline.deliver(buildOfferPageLoad(page));
      goTo('/p/cart');
      pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
      expect(funnel.received).toEqual([]);
      expect(runs).toHaveLength(1); // one task for both
      runs[0]!();
      expect(funnel.received.map((r) => [r.event, r.context.page])).toEqual([
        [buildOfferPageLoad(page), '/p'],
        [buildCartExitClick('sign-in', 'c1'), '/p/cart'],
      ]);
      runs[0]!();
      expect(funnel.received).toHaveLength(2);
    });

    it('hands over at once when flushed (a page going away), and the scheduled run then finds nothing', () => {
      const { funnel, runs, pipeline } = scheduled();
      pipeline.deliver(buildOfferPageLoad(page));
      pipeline.flush();
      expect(funnel.received).toHaveLength(1);
      runs[0]!();
      expect(funnel.received).toHaveLength(1);
      pipeline.deliver(buildCartExitClick('sign-in', 'c1'));
      expect(runs).toHaveLength(2);
      runs[1]!();
      expect(funnel.received).toHaveLength(2);
    });

    it('hands over what came before a consent change under the consent it came with', () => {
      const { funnel, segments, pipeline } = scheduled();
      pipeline.deliver(buildOfferPageLoad(page));
      pipeline.setConsent(REJECTED);
      // Measured before the answer (anonymous), never replayed to targeting, which was refused.
      expect(funnel.received.map((r) => r.context.mode)).toEqual(['anonymous']);
      expect(segments.received).toEqual([]);
      pipeline.setConsent(ALL);
      expect(segments.received).toHaveLength(1);
    });
  });
});
