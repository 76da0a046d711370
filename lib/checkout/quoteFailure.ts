import type { Words } from '@/lib/i18n/words';

/** Why a quote failed: the server's words when it said why, and the API client's code. */
export interface QuoteFailure {
  message: string;
  /** 'network' without an answer, 'unknown' for an answer that said nothing readable (lib/api/apiErrors). */
  code?: string;
}

/**
 * What the buyer reads when their order could not be priced. The server words its refusals in
 * the campaign's language; the browser's own messages (no answer, nothing readable) are
 * worded here, as the API client's English ones cannot be.
 */
export function quoteFailureText(words: Words, failure: QuoteFailure): string {
  if (failure.code === 'network') return words.t('order.error.unreachable');
  if (failure.code === 'unknown') return words.t('order.error.fallback');
  return failure.message;
}
