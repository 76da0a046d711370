import type { JourneyEvent } from './events';

/**
 * Where events go. Until consent and the transports are in place, events wait in a
 * bounded buffer, to be replayed or dropped according to consent (DESIGN §6); listeners
 * (the delivery pipeline, tests) receive every event as it is emitted.
 */
const MAX_BUFFERED = 200;
const buffered: JourneyEvent[] = [];
const listeners = new Set<(event: JourneyEvent) => void>();

export function track(event: JourneyEvent): void {
  buffered.push(event);
  if (buffered.length > MAX_BUFFERED) buffered.shift();
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      // One destination failing never stops the others or the page.
      console.error('A tracking destination failed:', error);
    }
  }
}

/** Subscribes to events as they are emitted; returns the unsubscribe function. */
export function onTrack(listener: (event: JourneyEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands over (and clears) the events emitted so far, oldest first. */
export function drainBufferedEvents(): JourneyEvent[] {
  return buffered.splice(0, buffered.length);
}
