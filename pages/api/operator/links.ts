import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { publicOrigin } from '@/lib/server/http/publicOrigin';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import { linkRequestBody } from '@/lib/server/operators/operatorSchemas';
import { operatorReturnPath } from '@/lib/operators/operatorPaths';

export const config = { api: { bodyParser: false } };

/** Asks for a back-office sign-in link. The answer is the same whether or not the address is an operator's. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { email, returnPath } = parseRequest(linkRequestBody, req.body, 'body');
      const outcome = await server.operators.signIn.requestLink({
        email,
        client: requestClientKey(req, server.config),
        origin: publicOrigin(server.config, req),
        returnPath: operatorReturnPath(returnPath),
      });
      if (outcome === 'rate_limited') {
        throw new HttpError(
          429,
          'too_many_requests',
          'Too many sign-in links were asked for. Please wait 15 minutes and try again.',
          undefined,
          {
            retryAfterSeconds: 900,
          },
        );
      }
      res.setHeader('Cache-Control', 'no-store');
      res.status(202);
      return { sent: true };
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
