import type { NextApiRequest, NextApiResponse } from 'next';
import { HttpError } from '../http/HttpError';
import { identityService } from './identityServices';
import { readSessionToken } from './sessionCookies';

/** The spec's 401 body: `error {code, status}`. */
function unauthorized(res: NextApiResponse, status: string): void {
  res.status(401).json({ error: { code: 401, status } });
}

/** The verify call sends a livemode header; anything but true or false is a mistake. */
export function checkLivemodeHeader(req: NextApiRequest): void {
  const value = req.headers.livemode;
  if (value !== undefined && value !== 'true' && value !== 'false') {
    throw new HttpError(400, 'invalid_livemode_header', 'The livemode header must be "true" or "false".');
  }
}

export async function verify(req: NextApiRequest, res: NextApiResponse): Promise<unknown> {
  checkLivemodeHeader(req);
  res.setHeader('Cache-Control', 'no-store');
  const result = await (await identityService()).verify(readSessionToken(req.headers.cookie));
  if (!result.ok) return unauthorized(res, result.status);
  return { amgUUID: result.amgUUID, expires_on: result.expiresOn };
}

export async function profile(req: NextApiRequest, res: NextApiResponse): Promise<unknown> {
  res.setHeader('Cache-Control', 'no-store');
  const identity = await identityService();
  const token = readSessionToken(req.headers.cookie);
  const verified = await identity.verify(token);
  if (!verified.ok) return unauthorized(res, verified.status);
  return { email: await identity.email(token) };
}
