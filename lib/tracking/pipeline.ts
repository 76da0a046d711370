import type { JourneyEvent } from './events';
import type { TrackingMode } from './consent/consentGroups';

/** Who the event is about and where it happened, added to every event before delivery. */
export interface EventContext {
  /** The tracing session id in full mode; a per-page-view id in anonymous mode. */
  sessionId: string;
  source: string | null;
  livemode: boolean;
  page: string;
  mode: TrackingMode;
}

/**
 * A place events go. `needs: 'anonymous'` destinations work without storing anything or
 * identifying anyone (the funnel, anonymous analytics, schema inspection) and receive events
 * at once; `needs: 'full'` ones (segmentation, the tag manager) receive them only with
 * targeting consent, and then also the events emitted before it.
 */
export interface Destination {
  readonly name: string;
  readonly needs: TrackingMode;
  send(event: JourneyEvent, context: EventContext): void;
  /** Told when consent changes, to switch storage on or off. */
  setMode?(mode: TrackingMode): void;
}

export interface PipelineOptions {
  destinations: readonly Destination[];
  context: (mode: TrackingMode) => Omit<EventContext, 'mode'>;
  initialMode: TrackingMode;
  /** How many events wait for consent at most; the oldest go first. */
  maxPending?: number;
}

export interface Pipeline {
  /** `at` is where an event that waited for the pipeline happened (its page), not where the visitor is now. */
  deliver(event: JourneyEvent, at?: Pick<EventContext, 'page'>): void;
  setMode(mode: TrackingMode): void;
  mode(): TrackingMode;
}

function safely(destination: Destination, action: () => void): void {
  try {
    action();
  } catch (error) {
    // One destination failing never stops the others, or the page.
    console.error(`Tracking destination "${destination.name}" failed:`, error);
  }
}

/** enrich → consent gate → destinations (DESIGN §6). */
export function createPipeline(options: PipelineOptions): Pipeline {
  const maxPending = options.maxPending ?? 200;
  let mode = options.initialMode;
  let pending: { event: JourneyEvent; context: EventContext }[] = [];
  const withoutConsent = options.destinations.filter((d) => d.needs === 'anonymous');
  const gated = options.destinations.filter((d) => d.needs === 'full');

  const deliverTo = (destinations: readonly Destination[], event: JourneyEvent, context: EventContext) => {
    for (const destination of destinations) safely(destination, () => destination.send(event, context));
  };

  return {
    deliver(event, at) {
      const context: EventContext = { ...options.context(mode), ...at, mode };
      deliverTo(mode === 'full' ? options.destinations : withoutConsent, event, context);
      if (mode !== 'full') {
        pending.push({ event, context });
        if (pending.length > maxPending) pending.shift();
      }
    },
    setMode(next) {
      if (next === mode) return;
      mode = next;
      for (const destination of options.destinations) safely(destination, () => destination.setMode?.(next));
      if (next !== 'full') return;
      // Consent given: what the visitor did before it now reaches the destinations that needed it.
      const waiting = pending;
      pending = [];
      if (waiting.length === 0) return;
      const now: EventContext = { ...options.context('full'), mode: 'full' };
      for (const { event, context } of waiting) deliverTo(gated, event, { ...context, ...now });
    },
    mode: () => mode,
  };
}
