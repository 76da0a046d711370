import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import type { BackOfficeRefusal, OperatorView } from '@/lib/operators/backOfficeViews';
import type { OperatorArea } from '@/lib/operators/roles';
import { serverContext } from '@/lib/server/context/serverContext';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { OperatorCaller } from '@/lib/server/operators/operatorAccess';
import type { Operator } from '@/lib/server/operators/operatorRecords';
import { operatorPageAccess } from '@/lib/server/operators/operatorPage';
import { METHOD_NOT_ALLOWED_MESSAGE, refuseUnlessPageMethod } from '@/lib/server/ssr/pageMethods';

export const operatorView = (o: Operator): OperatorView => ({
  id: o.id,
  email: o.email,
  name: o.name,
  role: o.role,
  enrolled: o.enrolled,
  disabledAt: o.disabledAt,
});

/** Back-office pages: never cached, never indexed, only GET and HEAD. */
export function backOfficeHeaders(context: Pick<GetServerSidePropsContext, 'req' | 'res'>): BackOfficeRefusal | null {
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  if (refuseUnlessPageMethod(context)) return { kind: 'refused', status: 405, title: 'Not allowed', message: METHOD_NOT_ALLOWED_MESSAGE };
  return null;
}

/**
 * A back-office page for operators whose role opens `area`: anyone else signs in first (and
 * comes back), another role is told with 403. `load` makes the page's props.
 */
export async function backOfficePage<P>(
  context: GetServerSidePropsContext,
  area: OperatorArea | 'any',
  load: (caller: OperatorCaller, server: ServerContext) => Promise<P>,
): Promise<GetServerSidePropsResult<P | BackOfficeRefusal>> {
  const refused = backOfficeHeaders(context);
  if (refused) return { props: refused };
  const server = await serverContext();
  const access = await operatorPageAccess(context, server, area === 'any' ? null : area);
  if (access.kind === 'sign-in') return { redirect: { destination: access.destination, permanent: false } };
  if (access.kind === 'forbidden') {
    context.res.statusCode = 403;
    return { props: { kind: 'refused', status: 403, title: 'Not for your role', message: access.message } };
  }
  return { props: await load(access.caller, server) };
}
