import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { waitInWords } from '@/lib/server/http/waitInWords';
import { operatorSessionCookie, readOperatorToken } from '@/lib/server/operators/operatorCookies';
import { factorBody } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

/** The second factor: a code from the authenticator app (or, once enrolled, a recovery code). Success signs in under a new cookie. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { code } = parseRequest(factorBody, req.body, 'body');
      const secure = secureCookies(server.config);
      const outcome = await server.operators.signIn.giveFactor(readOperatorToken(req.headers.cookie, secure), code);
      res.setHeader('Cache-Control', 'no-store');
      if (outcome.ok) {
        res.setHeader('Set-Cookie', operatorSessionCookie(outcome.sessionToken, secure));
        return { signedIn: true, recoveryCodes: outcome.recoveryCodes ?? null, usedRecoveryCode: outcome.usedRecoveryCode ?? false };
      }
      const wait = { retryAfterSeconds: outcome.retryAfterSeconds };
      switch (outcome.reason) {
        case 'no-session':
          throw new HttpError(401, 'sign_in_again', 'Your sign-in has expired or was finished. Ask for a new sign-in link.');
        case 'not-enrolled':
          throw new HttpError(
            409,
            'not_enrolled',
            'Set up your authenticator app first: open the sign-in page again and scan the QR code.',
          );
        case 'locked':
          throw new HttpError(
            429,
            'locked',
            `Too many wrong codes: sign-in is locked for ${waitInWords(outcome.retryAfterSeconds ?? 900)}. An admin has been alerted.`,
            undefined,
            wait,
          );
        case 'throttled':
          throw new HttpError(
            429,
            'too_many_attempts',
            `Too many wrong codes were given lately. Please wait ${waitInWords(outcome.retryAfterSeconds ?? 900)} and try again.`,
            undefined,
            wait,
          );
        case 'wrong':
          throw new HttpError(
            400,
            'wrong_code',
            `That code is not right. Check the time on your phone and enter the current code${outcome.attemptsLeft === 1 ? ' (1 try left before a lock)' : ''}.`,
          );
      }
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
