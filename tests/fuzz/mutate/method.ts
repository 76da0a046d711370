import type { Draft } from '@/tests/fuzz/request';
import type { Rng } from '@/tests/fuzz/rng';
import type { Route } from '@/tests/fuzz/routes';

/**
 * Method mutations: every method the route does not answer, among those Node's parser
 * knows (the rest, and lower-case methods, are in the raw cases), with or without a body.
 */

export const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'LINK',
  'UNLINK',
  'REPORT',
  'MKACTIVITY',
  'CHECKOUT',
  'MERGE',
  'M-SEARCH',
  'NOTIFY',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACL',
  'BIND',
  'REBIND',
  'UNBIND',
  'SOURCE',
  'QUERY',
] as const;

export function mutateMethod(rng: Rng, draft: Draft, route: Route): string {
  const wrong = METHODS.filter((method) => !route.methods.includes(method));
  draft.method = rng.pick(wrong);
  if (draft.method === 'HEAD' || draft.method === 'GET' || draft.method === 'OPTIONS' || draft.method === 'TRACE') {
    // Usually without a body, as clients send these.
    if (rng.chance(0.7)) {
      delete draft.json;
      delete draft.rawBody;
    }
  } else if (draft.json === undefined && rng.chance(0.5)) {
    draft.json = { fuzz: true };
    draft.headers.push(['Content-Type', 'application/json']);
  }
  return `method:${draft.method}`;
}
