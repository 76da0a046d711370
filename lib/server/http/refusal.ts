import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import type { Words } from '@/lib/i18n/words';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { HttpError, type HttpErrorOptions } from './HttpError';

/**
 * A refusal worded from the message catalogue: in English for the log and for a caller
 * whose language is not known, in the reader's where the route knows it (`answeredIn`).
 */
export function refusal(
  status: number,
  code: string,
  wording: (words: Words) => string,
  options: Omit<HttpErrorOptions, 'wording'> = {},
): HttpError {
  return new HttpError(status, code, wording(serverWords(DEFAULT_LOCALE)), undefined, { ...options, wording });
}

/** The same refusal in `words`' language; an error without a wording as it is. */
export function inWordsOf(words: Words, error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.wording) return error;
  const { status, code, details, retryAfterSeconds, wording } = error;
  return new HttpError(status, code, wording(words), details, {
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    ...(error.cause === undefined ? {} : { cause: error.cause }),
    wording,
  });
}

/**
 * Runs `work`; a refusal it throws is answered in `words`' language. The words are looked up
 * only for a refusal with a wording, and any other error (or a lookup that fails) is thrown
 * as it was, so that the log keeps what went wrong.
 */
export async function answeredIn<T>(words: Words | (() => Promise<Words>), work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError) || !error.wording) throw error;
    let reader: Words;
    try {
      reader = typeof words === 'function' ? await words() : words;
    } catch {
      throw error;
    }
    throw inWordsOf(reader, error);
  }
}
