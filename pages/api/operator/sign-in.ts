import { apiRoute, parseRequest } from '@/lib/server/http/apiRoute';
import { HttpError } from '@/lib/server/http/HttpError';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { operatorSessionCookie } from '@/lib/server/operators/operatorCookies';
import { linkUseBody } from '@/lib/server/operators/operatorSchemas';

export const config = { api: { bodyParser: false } };

const PROBLEMS = {
  invalid: 'This sign-in link is not valid. Ask for a new one.',
  expired: 'This sign-in link has expired (links work for 15 minutes). Ask for a new one.',
  used: 'This sign-in link was used already. Ask for a new one.',
} as const;

/** Uses a sign-in link (a POST, so that a mail scanner's visit uses nothing): a pending session, which the second factor completes. */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const { token } = parseRequest(linkUseBody, req.body, 'body');
      const used = await server.operators.signIn.useLink(token);
      if (!used.ok) throw new HttpError(used.reason === 'invalid' ? 400 : 410, `link_${used.reason}`, PROBLEMS[used.reason]);
      res.setHeader('Set-Cookie', operatorSessionCookie(used.sessionToken, secureCookies(server.config)));
      res.setHeader('Cache-Control', 'no-store');
      return { stage: used.stage };
    },
  },
  { maxBodyBytes: 1024, sameOriginOnly: true },
);
