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

/** Events emitted while held (holdEvents), with their page, to follow what goes ahead of them. */
let held: { event: JourneyEvent; page: string }[] | null = null;
/** Holds not yet released: a page left before its binder loaded may still hold as the next begins. */
let holds = 0;

const currentPage = () => (typeof window === 'undefined' ? '' : window.location.pathname);

function emit(event: JourneyEvent, page: string): void {
  if (pipeline) pipeline.deliver(event, page === currentPage() ? undefined : { page });
  else {
    buffered.push({ event, page });
    if (buffered.length > MAX_BUFFERED) buffered.shift();
  }
}

export function track(event: JourneyEvent): void {
  if (held) {
    held.push({ event, page: currentPage() });
    if (held.length > MAX_BUFFERED) held.shift();
  } else emit(event, currentPage());
  notify(event);
}

function notify(event: JourneyEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('A tracking listener failed:', error);
    }
  }
}

export interface HeldEvents {
  /** Emits an event ahead of everything held. */
  ahead(event: JourneyEvent): void;
  /** Lets what was held go, in order, and track() emit at once again. */
  release(): void;
}

/**
 * Holds what is emitted from now on behind events not yet known: a click recorded before
 * the markup binder loaded (earlyActions.ts) is described only when it has, and the events
 * its handler emitted meanwhile (an add-to-cart) must not overtake it.
 */
export function holdEvents(): HeldEvents {
  held ??= [];
  holds += 1;
  let released = false;
  return {
    ahead(event) {
      emit(event, currentPage());
      notify(event);
    },
    release() {
      if (released) return;
      released = true;
      holds -= 1;
      if (holds > 0) return;
      const waiting = held ?? [];
      held = null;
      for (const { event, page } of waiting) emit(event, page);
    },
  };
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
  const events = [...buffered, ...(held ?? [])].map(({ event }) => event);
  buffered = [];
  held = null;
  holds = 0;
  return events;
}
