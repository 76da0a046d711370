import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { codeRefusalError } from '@/lib/server/operators/codeRefusal';
import { readOperatorToken } from '@/lib/server/operators/operatorCookies';
import { factorBody } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

/** Step-up: the signed-in operator gives a code again, which opens the gravest changes (operators, tokens) for a few minutes. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { code } = parseRequest(factorBody, req.body, 'body');
      const token = readOperatorToken(req.headers.cookie, secureCookies(server.config));
      const outcome = await server.operators.signIn.stepUp(token, code, requestClientKey(req, server.config));
      res.setHeader('Cache-Control', 'no-store');
      if (!outcome.ok) {
        throw codeRefusalError(outcome, new HttpError(401, 'unauthorized', 'Sign in to the back office first (/admin/sign-in).'));
      }
      return { steppedUp: true, usedRecoveryCode: outcome.usedRecoveryCode };
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
