import type { GetServerSidePropsContext } from 'next';
import type { AuditPageProps, BackOfficeHomeProps, OperatorsPageProps } from '@/lib/operators/backOfficeViews';
import { areasOf } from '@/lib/operators/roles';
import { readAudit } from '@/lib/server/operators/auditLog';
import { backOfficePage, operatorView } from './backOfficePage';

const AUDIT_PAGE = 100;

/** /admin: who is signed in, what their role opens, and their personal API tokens. */
export const homePageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<BackOfficeHomeProps>(context, 'any', async ({ operator }, server) => ({
    operator: operatorView(operator),
    areas: [...areasOf(operator.role)],
    tokens: await server.operators.tokens.list(operator.id),
  }));

/** /admin/audit?before=<seq>: the audit log, newest first, a hundred entries a page (admins). */
export const auditPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<AuditPageProps>(context, 'admin', async ({ operator }, server) => {
    const before = Number(context.query.before);
    const entries = await readAudit(server.db, {
      limit: AUDIT_PAGE,
      ...(Number.isInteger(before) && before > 0 ? { beforeSeq: before } : {}),
    });
    const text = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
    return {
      operator: operatorView(operator),
      entries: entries.map((e) => ({
        seq: e.seq,
        at: e.at,
        actor: e.actor,
        action: e.action,
        target: e.target,
        before: text(e.before),
        after: text(e.after),
        client: e.client,
      })),
      olderThan: entries.length === AUDIT_PAGE ? (entries.at(-1)?.seq ?? null) : null,
    };
  });

/** /admin/operators: the operators, to add, change or disable (admins). */
export const operatorsPageProps = (context: GetServerSidePropsContext) =>
  backOfficePage<OperatorsPageProps>(context, 'admin', async ({ operator }, server) => ({
    operator: operatorView(operator),
    operators: (await server.operators.directory.list()).map(operatorView),
  }));
