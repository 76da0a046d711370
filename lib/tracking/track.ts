import type { JourneyEvent } from './events';
import type { Pipeline } from './pipeline';

/**
 * The journey's one entry point for events. Until the shell's tracking has started (child
 * components' effects run before the shell's), events wait in a bounded buffer and are
 * handed over when it starts (DESIGN §6); listeners (tests, the QA console) receive every
 * event as it is emitted.
 */
const MAX_BUFFERED = 200;
/** Events emitted before the pipeline started, with the page they happened on. */
let buffered: { event: JourneyEvent; page: string }[] = [];
let pipeline: Pipeline | null = null;
const listeners = new Set<(event: JourneyEvent) => void>();

export function track(event: JourneyEvent): void {
  if (pipeline) pipeline.deliver(event);
  else {
    buffered.push({ event, page: typeof window === 'undefined' ? '' : window.location.pathname });
    if (buffered.length > MAX_BUFFERED) buffered.shift();
  }
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('A tracking listener failed:', error);
    }
  }
}

/** Subscribes to events as they are emitted; returns the unsubscribe function. */
export function onTrack(listener: (event: JourneyEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Connects the delivery pipeline, replays what was emitted before, and returns the disconnect. */
export function attachPipeline(next: Pipeline): () => void {
  pipeline = next;
  const waiting = buffered;
  buffered = [];
  for (const { event, page } of waiting) next.deliver(event, { page });
  return () => {
    if (pipeline === next) pipeline = null;
  };
}

/** Hands over (and clears) the events emitted while no pipeline was attached, oldest first. */
export function drainBufferedEvents(): JourneyEvent[] {
  const events = buffered.map(({ event }) => event);
  buffered = [];
  return events;
}
