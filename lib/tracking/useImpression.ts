import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { IMPRESSION_THRESHOLD } from './actionBinding';

/** Calls `onSeen` once, the first time the element is at least 30 % visible. */
export function useImpression<T extends Element>(onSeen: () => void): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const seen = useEffectEvent(onSeen);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= IMPRESSION_THRESHOLD)) return;
        observer.disconnect();
        seen();
      },
      { threshold: IMPRESSION_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
