import type { NextApiRequest, NextApiResponse } from 'next';
import { HttpError } from '@/lib/server/http/HttpError';
import type { ServerContext } from '@/lib/server/context/createServerContext';

/** The verify call sends a livemode header; anything but true or false is a mistake. */
export function checkLivemodeHeader(req: NextApiRequest): string | undefined {
  const value = req.headers.livemode;
  if (value !== undefined && value !== 'true' && value !== 'false') {
    throw new HttpError(400, 'invalid_livemode_header', 'The livemode header must be "true" or "false".');
  }
  return value;
}

/** GET …/authenticate/verify: amgUUID and expires_on, or the spec's 401 `error {code, status}`. */
export async function verify(req: NextApiRequest, res: NextApiResponse, server: Pick<ServerContext, 'sessions'>): Promise<unknown> {
  const livemode = checkLivemodeHeader(req);
  res.setHeader('Cache-Control', 'no-store');
  const answer = await server.sessions.verify(req.headers.cookie, livemode);
  // The built-in identity's readable expiry moves with use: the browser skips its next checks until then.
  if (answer.status === 200 && answer.setCookies) res.setHeader('Set-Cookie', answer.setCookies);
  res.status(answer.status);
  return answer.body;
}

/** GET …/profile: the signed-in visitor's e-mail, or the verify call's 401. */
export async function profile(req: NextApiRequest, res: NextApiResponse, server: Pick<ServerContext, 'sessions'>): Promise<unknown> {
  const livemode = checkLivemodeHeader(req);
  res.setHeader('Cache-Control', 'no-store');
  const identity = server.sessions;
  const answer = await identity.verify(req.headers.cookie, livemode);
  if (answer.status !== 200) {
    res.status(answer.status);
    return answer.body;
  }
  const email = await identity.email(req.headers.cookie, livemode);
  if (!email) {
    res.status(401);
    return { error: { code: 401, status: 'NOT_AUTHORIZED' } };
  }
  return { email };
}
