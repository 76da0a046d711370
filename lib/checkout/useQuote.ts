import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '@/lib/api/apiClient';
import { isApiError } from '@/lib/api/apiErrors';
import type { QuoteRequestInput, QuoteResponse } from './quoteContract';
import type { QuoteFailure } from './quoteFailure';

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading'; previous: QuoteResponse | null }
  | { status: 'ready'; quote: QuoteResponse }
  | ({ status: 'error'; previous: QuoteResponse | null } & QuoteFailure);

/** The quote the server rendered the page with, for the request it was made for. */
export interface InitialQuote {
  request: QuoteRequestInput | null;
  quote: QuoteResponse | null;
  error: string | null;
}

const keyOf = (request: QuoteRequestInput | null) => (request ? JSON.stringify(request) : null);

function stateOf(initial: InitialQuote): QuoteState {
  if (initial.quote) return { status: 'ready', quote: initial.quote };
  if (initial.error) return { status: 'error', message: initial.error, previous: null };
  return { status: 'idle' };
}

/**
 * Keeps a quote for the request up to date. It starts from the server's quote, so the
 * first render matches the server's HTML and nothing is asked again; it re-asks whenever
 * the request changes, and drops answers to requests that were superseded meanwhile.
 */
export function useQuote(
  api: Pick<ApiClient, 'quote'>,
  request: QuoteRequestInput | null,
  initial: InitialQuote,
): { state: QuoteState; retry: () => void } {
  const [state, setState] = useState<QuoteState>(() => stateOf(initial));
  const [attempt, setAttempt] = useState(0);
  const last = useRef<QuoteResponse | null>(initial.quote);
  const key = keyOf(request);
  const rendered = useRef<string | null>(initial.quote ? keyOf(initial.request) : null);

  useEffect(() => {
    if (!key) {
      setState({ status: 'idle' });
      return undefined;
    }
    // The server already priced this very request: nothing to ask.
    if (attempt === 0 && key === rendered.current) return undefined;
    rendered.current = null;
    const controller = new AbortController();
    setState({ status: 'loading', previous: last.current });
    api.quote(JSON.parse(key) as QuoteRequestInput, controller.signal).then(
      (quote) => {
        last.current = quote;
        setState({ status: 'ready', quote });
      },
      (error: Error) => {
        if (error.name === 'AbortError') return;
        setState({ status: 'error', message: error.message, ...(isApiError(error) ? { code: error.code } : {}), previous: last.current });
      },
    );
    return () => controller.abort();
  }, [api, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
