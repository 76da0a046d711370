import { startTransition, useEffect, useState } from 'react';

/**
 * False in the server's render, in the hydration of the server's page and in a component's
 * first render in the browser; true once it has mounted. Set in a transition, in a task of
 * its own: a synchronous update right after hydration (useSyncExternalStore's) pulled the
 * page's effects and this render into the hydration's last task, one long task on a phone.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
