import { HttpError } from '@/lib/server/http/HttpError';

/** A provider's client (or keys) for each mode; null where that mode's keys are not set. */
export interface PerMode<T> {
  live: T | null;
  test: T | null;
}

/** Makes a mode's client only where its keys are set (an empty key counts as none). */
export function perMode<Keys, T>(keys: { live?: Keys | undefined; test?: Keys | undefined }, make: (keys: Keys) => T): PerMode<T> {
  return { live: keys.live ? make(keys.live) : null, test: keys.test ? make(keys.test) : null };
}

/**
 * The client of the visitor's mode. A mode without keys answers 503 payments_unavailable,
 * its message opening with `subject` ("PayPal is", "Card payments are"): the method is shown
 * in every mode, so the visitor is told rather than charged through the other mode's account.
 */
export function inMode<T>(modes: PerMode<T>, livemode: boolean, subject: string): T {
  const client = livemode ? modes.live : modes.test;
  if (!client) {
    throw new HttpError(
      503,
      'payments_unavailable',
      `${subject} not available in ${livemode ? 'live' : 'test'} mode right now. Nothing was charged.`,
    );
  }
  return client;
}
