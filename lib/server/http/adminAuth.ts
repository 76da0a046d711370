import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextApiRequest } from 'next';
import { serverEnv } from '../../config/serverEnv';
import { HttpError } from './HttpError';

/** Operators' endpoints take `Authorization: Bearer <ADMIN_TOKEN>`. */
export function requireAdmin(req: NextApiRequest): void {
  const expected = serverEnv().ADMIN_TOKEN;
  if (!expected) throw new HttpError(503, 'admin_disabled', 'Operator endpoints are disabled: ADMIN_TOKEN is not set.');
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  // Compared as hashes: equal lengths, so the time taken says nothing about the token, not even its length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!timingSafeEqual(digest(token), digest(expected))) {
    throw new HttpError(401, 'unauthorized', 'A valid operator token is required (Authorization: Bearer <ADMIN_TOKEN>).');
  }
}
