import type { GetServerSidePropsContext } from 'next';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import { OPERATOR_SIGN_IN_PATH, operatorReturnPath } from '@/lib/operators/operatorPaths';
import { AREA_NAMES, roleOpens, type OperatorArea } from '@/lib/operators/roles';
import { requestClientKey } from '@/lib/server/http/clientAddress';
import type { OperatorCaller } from './operatorAccess';
import { operatorOfSession } from './operatorAccess';

export type OperatorPageAccess =
  { kind: 'granted'; caller: OperatorCaller } | { kind: 'sign-in'; destination: string } | { kind: 'forbidden'; message: string };

/**
 * Who may see a back-office page: a signed-in operator whose role opens `area` (null: any
 * role). Anyone else
 * is sent to sign in, and back here afterwards; an operator of another role is told what
 * the page needs.
 */
export async function operatorPageAccess(
  context: Pick<GetServerSidePropsContext, 'req' | 'resolvedUrl'>,
  server: Pick<ServerContext, 'config' | 'db' | 'clock' | 'operators'>,
  area: OperatorArea | null,
): Promise<OperatorPageAccess> {
  const operator = await operatorOfSession(context.req, server);
  if (!operator) {
    return {
      kind: 'sign-in',
      destination: `${OPERATOR_SIGN_IN_PATH}?return=${encodeURIComponent(operatorReturnPath(context.resolvedUrl))}`,
    };
  }
  if (area !== null && !roleOpens(operator.role, area)) {
    return { kind: 'forbidden', message: `Your role does not open this page: it needs ${AREA_NAMES[area]}. Ask an admin if you need it.` };
  }
  const client = requestClientKey(context.req, server.config);
  return {
    kind: 'granted',
    caller: { operator, via: 'session', actor: { operatorId: operator.id, label: `operator:${operator.email}`, client } },
  };
}
