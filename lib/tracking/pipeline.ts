import type { ExperimentMark } from '@/lib/experiments/experiment';
import type { JourneyEvent } from './events';
import { sameConsent, type TrackingConsent, type TrackingMode, type TrackingPurpose } from './consent/consentGroups';

/** Who the event is about and where it happened, added to every event before delivery. */
export interface EventContext {
  /** The tracing session id in full mode; a per-page-view id in anonymous mode. */
  sessionId: string;
  source: string | null;
  livemode: boolean;
  page: string;
  mode: TrackingMode;
  /** The experiment and variant the page showed, when the visitor is enrolled in one (issue 41). */
  experiment?: ExperimentMark;
}

/**
 * A place events go, and what it uses them for (consentGroups.ts TrackingPurpose): the
 * funnel is measurement, the analytics collector and the schema inspector performance,
 * segmentation and the tag manager targeting. A destination gets an event when the
 * visitor's consent allows its purpose; otherwise the event waits (bounded) and is sent
 * if that consent comes.
 */
export interface Destination {
  readonly name: string;
  readonly purpose: TrackingPurpose;
  send(event: JourneyEvent, context: EventContext): void;
  /** Told when consent changes: storage on or off (mode), and whether it may send at all. */
  setConsent?(consent: TrackingConsent): void;
}

export interface PipelineOptions {
  destinations: readonly Destination[];
  context: (mode: TrackingMode) => Omit<EventContext, 'mode'>;
  initialConsent: TrackingConsent;
  /** How many events wait for consent at most; the oldest go first. */
  maxPending?: number;
  /**
   * When the destinations get what was delivered: at once by default. The browser passes a
   * later task (after the next paint), so that a tap's own answer is painted before the
   * destinations' work (the analytics tracker's alone took 10–30 ms of a tap at 4× CPU).
   */
  schedule?: (flush: () => void) => void;
}

export interface Pipeline {
  /**
   * `at` is where an event that waited for the pipeline happened (its page), not where the
   * visitor is now. The context is taken now; the destinations get it when `schedule` says.
   */
  deliver(event: JourneyEvent, at?: Pick<EventContext, 'page'>): void;
  /** Hands the destinations, in order, what was delivered and not yet handed (a page going away). */
  flush(): void;
  setConsent(consent: TrackingConsent): void;
  consent(): TrackingConsent;
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
  let consent = options.initialConsent;
  /** Events some destinations have not had, for want of consent, and which ones. */
  let pending: { event: JourneyEvent; context: EventContext; waiting: Destination[] }[] = [];
  /** Delivered, not yet handed to the destinations: always under the current consent (setConsent flushes first). */
  let queued: { event: JourneyEvent; context: EventContext }[] = [];
  let scheduled = false;

  function hand({ event, context }: { event: JourneyEvent; context: EventContext }): void {
    const waiting: Destination[] = [];
    for (const destination of options.destinations) {
      if (consent.allows[destination.purpose]) safely(destination, () => destination.send(event, context));
      else waiting.push(destination);
    }
    if (waiting.length === 0) return;
    pending.push({ event, context, waiting });
    if (pending.length > maxPending) pending.shift();
  }

  function flush(): void {
    scheduled = false;
    const batch = queued;
    queued = [];
    for (const entry of batch) hand(entry);
  }

  return {
    deliver(event, at) {
      const entry = { event, context: { ...options.context(consent.mode), ...at, mode: consent.mode } };
      if (!options.schedule) return hand(entry);
      queued.push(entry);
      if (scheduled) return;
      scheduled = true;
      options.schedule(() => scheduled && flush());
    },
    flush,
    setConsent(next) {
      flush();
      if (sameConsent(next, consent)) return;
      consent = next;
      for (const destination of options.destinations) safely(destination, () => destination.setConsent?.(next));
      // Consent given: what the visitor did before it now reaches the destinations that needed it,
      // with the session id the new consent allows.
      const now = { sessionId: options.context(next.mode).sessionId, mode: next.mode };
      const still: typeof pending = [];
      for (const entry of pending) {
        const waiting: Destination[] = [];
        for (const destination of entry.waiting) {
          if (next.allows[destination.purpose]) safely(destination, () => destination.send(entry.event, { ...entry.context, ...now }));
          else waiting.push(destination);
        }
        if (waiting.length > 0) still.push({ ...entry, waiting });
      }
      pending = still;
    },
    consent: () => consent,
  };
}
