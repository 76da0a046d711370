import { useCallback, useState } from 'react';

/** One button's call: busy while it runs, its error's message kept to show, nothing run twice at once. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      if (busy) return;
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : 'Something went wrong. Please try again.');
      } finally {
        setBusy(false);
      }
    },
    [busy],
  );
  return { busy, error, setError, run };
}
