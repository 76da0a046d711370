import type { GetServerSidePropsContext } from 'next';

/** Pages answer GET and HEAD; anything else is refused with 405 and an Allow header. */
const PAGE_METHODS = ['GET', 'HEAD'];

export const METHOD_NOT_ALLOWED_MESSAGE = 'This page can only be opened, not sent data.';

/** Sets 405 on the response and returns true when the request's method is not allowed. */
export function refuseUnlessPageMethod(context: Pick<GetServerSidePropsContext, 'req' | 'res'>): boolean {
  const method = context.req.method ?? 'GET';
  if (PAGE_METHODS.includes(method)) return false;
  context.res.statusCode = 405;
  context.res.setHeader('Allow', PAGE_METHODS.join(', '));
  return true;
}
