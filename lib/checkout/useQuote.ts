import { useCallback, useEffect, useRef, useState } from 'react';
import type { QuoteRequestInput, QuoteResponse } from './quoteContract';
import { fetchQuote } from './quoteClient';

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading'; previous: QuoteResponse | null }
  | { status: 'ready'; quote: QuoteResponse }
  | { status: 'error'; message: string; previous: QuoteResponse | null };

/**
 * Keeps a quote for the request up to date: re-asks whenever the request changes, and
 * drops answers to requests that were superseded meanwhile. A null request means there
 * is nothing to price yet.
 */
export function useQuote(request: QuoteRequestInput | null): { state: QuoteState; retry: () => void } {
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const last = useRef<QuoteResponse | null>(null);
  const key = request ? JSON.stringify(request) : null;

  useEffect(() => {
    if (!key) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading', previous: last.current });
    fetchQuote(JSON.parse(key) as QuoteRequestInput, controller.signal).then(
      (quote) => {
        last.current = quote;
        setState({ status: 'ready', quote });
      },
      (error: Error) => {
        if (error.name === 'AbortError') return;
        setState({ status: 'error', message: error.message, previous: last.current });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
