import type { PaymentMethodId } from '@/lib/payments/methods';
import { PROVIDER_RETRY_AFTER_SECONDS, PROVIDER_UNAVAILABLE_CODE, providerUnavailableMessage } from '@/lib/payments/providerOutage';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import type { Words } from '@/lib/i18n/words';
import { HttpError } from '@/lib/server/http/HttpError';
import { serverWords } from '@/lib/server/i18n/pageI18n';

/**
 * A payment provider that did not answer, timed out or failed on its side (5xx): a 503 with
 * Retry-After, distinct from `payments_unavailable` (a method with no keys on this server),
 * so that the payment step shows an outage panel and keeps the attempt for a retry (the
 * provider's idempotency key stops a repeat from charging twice). The provider's own error
 * stays in the server's log: the visitor only learns that it is down for now.
 */
export class PaymentProviderUnavailable extends HttpError {
  constructor(
    readonly method: PaymentMethodId,
    cause: unknown,
  ) {
    // The gateway knows neither the reader's language nor whether the step offers other
    // methods: the payment step's panel words it from the code and the method.
    const wording = (words: Words) => providerUnavailableMessage(words, method, false);
    super(503, PROVIDER_UNAVAILABLE_CODE, wording(serverWords(DEFAULT_LOCALE)), undefined, {
      retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS,
      cause,
      wording,
    });
    this.name = 'PaymentProviderUnavailable';
  }
}

/**
 * The error to throw for a provider's failure: a PaymentProviderUnavailable (logged with its
 * cause) when `isOutage` says the provider is down, else the error as it was.
 */
export function outageOr(method: PaymentMethodId, error: unknown, isOutage: (error: unknown) => boolean): unknown {
  if (error instanceof HttpError || !isOutage(error)) return error;
  console.error(`Payment provider for ${method} unavailable:`, error);
  return new PaymentProviderUnavailable(method, error);
}
