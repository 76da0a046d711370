import { useEffect, useEffectEvent, useRef } from 'react';
import type { JourneyEvent } from './events';
import { track } from './track';

/**
 * Emits an event once per value of `key` (a page, a transaction): not again on re-render,
 * nor on the second effect run of React's strict mode. A null event is not emitted yet
 * (its data is still loading) and is tried again on the next change of `key`.
 */
export function useTrackOnce(key: string | null, build: () => JourneyEvent | null): void {
  const sent = useRef<string | null>(null);
  // `build` is a fresh closure each render: the key, not it, says when a new event is due.
  const buildEvent = useEffectEvent(build);
  useEffect(() => {
    if (key === null || sent.current === key) return;
    const event = buildEvent();
    if (!event) return;
    sent.current = key;
    track(event);
  }, [key]);
}

/** Where and when an event happens on the current page. */
export function pageContext(campaignId: string): { campaignId: string; currentPage: string; timestamp: number } {
  return { campaignId, currentPage: window.location.pathname, timestamp: Date.now() };
}
