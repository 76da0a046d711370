import { HttpError } from '@/lib/server/http/HttpError';
import { waitInWords } from '@/lib/server/http/waitInWords';
import type { CodeRefusal } from './OperatorSignIn';

/** A refused code in words, for the sign-in's second factor and the step-up alike (routes factor.ts, step-up.ts). */
export function codeRefusalError(refusal: CodeRefusal, noSession: HttpError): HttpError {
  const wait = { retryAfterSeconds: refusal.retryAfterSeconds };
  switch (refusal.reason) {
    case 'no-session':
      return noSession;
    case 'not-enrolled':
      return new HttpError(409, 'not_enrolled', 'Set up your authenticator app first: open the sign-in page again and scan the QR code.');
    case 'locked':
      return new HttpError(
        429,
        'locked',
        `Too many wrong codes: sign-in is locked for ${waitInWords(refusal.retryAfterSeconds ?? 900)}. An admin has been alerted.`,
        undefined,
        wait,
      );
    case 'throttled':
      return new HttpError(
        429,
        'too_many_attempts',
        `Too many wrong codes came from your network lately. Please wait ${waitInWords(refusal.retryAfterSeconds ?? 900)} and try again.`,
        undefined,
        wait,
      );
    case 'wrong':
      return new HttpError(
        400,
        'wrong_code',
        `That code is not right. Check the time on your phone and enter the current code${refusal.attemptsLeft === 1 ? ' (1 try left before a lock)' : ''}.`,
      );
  }
}
