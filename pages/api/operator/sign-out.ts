import { apiRoute } from '@/lib/server/http/apiRoute';
import { secureCookies } from '@/lib/server/http/cookieSecurity';
import { clearedOperatorCookie, readOperatorToken } from '@/lib/server/operators/operatorCookies';

export const config = { api: { bodyParser: false } };

/** Ends the back-office session (signed out already is no error). */
export default apiRoute(
  {
    POST: async (req, res, server) => {
      const secure = secureCookies(server.config);
      await server.operators.signIn.signOut(readOperatorToken(req.headers.cookie, secure));
      res.setHeader('Set-Cookie', clearedOperatorCookie(secure));
      res.setHeader('Cache-Control', 'no-store');
      return { signedOut: true };
    },
  },
  { maxBodyBytes: 256, optionalBody: true, sameOriginOnly: true },
);
