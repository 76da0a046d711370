import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { codeRefusalError } from '@/lib/server/operators/codeRefusal';
import { operatorSessionCookie, readOperatorToken } from '@/lib/server/operators/operatorCookies';
import { factorBody } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

/** The second factor: a code from the authenticator app (or, once enrolled, a recovery code). Success signs in under a new cookie. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { code } = parseRequest(factorBody, req.body, 'body');
      const secure = secureCookies(server.config);
      const client = requestClientKey(req, server.config);
      const outcome = await server.operators.signIn.giveFactor(readOperatorToken(req.headers.cookie, secure), code, client);
      res.setHeader('Cache-Control', 'no-store');
      if (!outcome.ok) {
        throw codeRefusalError(
          outcome,
          new HttpError(401, 'sign_in_again', 'Your sign-in has expired or was finished. Ask for a new sign-in link.'),
        );
      }
      res.setHeader('Set-Cookie', operatorSessionCookie(outcome.sessionToken, secure));
      return { signedIn: true, recoveryCodes: outcome.recoveryCodes ?? null, usedRecoveryCode: outcome.usedRecoveryCode ?? false };
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
