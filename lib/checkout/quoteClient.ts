import type { QuoteRequestInput, QuoteResponse } from './quoteContract';

/** The quote endpoint, as the browser calls it. */
export const QUOTE_PATH = '/api/checkout/quote';

export class QuoteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'QuoteError';
  }
}

const UNREACHABLE = 'We could not reach our server to price your order. Please check your connection and try again.';

/** Asks the server to price the order; failures become a QuoteError with a readable message. */
export async function fetchQuote(request: QuoteRequestInput, signal?: AbortSignal): Promise<QuoteResponse> {
  let response: Response;
  try {
    response = await fetch(QUOTE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new QuoteError(0, UNREACHABLE);
  }
  const body = (await response.json().catch(() => null)) as (QuoteResponse & { error?: { message?: string } }) | null;
  if (!response.ok || !body) {
    throw new QuoteError(response.status, body?.error?.message ?? 'We could not price your order. Please try again.');
  }
  return body;
}
