import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `restore` when the browser shows the page again from its back/forward cache: a page
 * left busy for a bank's page is usable again when the visitor comes back without answering.
 */
export function usePageRestored(restore: () => void): void {
  const restored = useEffectEvent(restore);
  useEffect(() => {
    const listener = (event: PageTransitionEvent) => {
      if (event.persisted) restored();
    };
    window.addEventListener('pageshow', listener);
    return () => window.removeEventListener('pageshow', listener);
  }, []);
}
