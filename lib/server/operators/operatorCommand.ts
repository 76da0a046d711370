import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { isOperatorRole, OPERATOR_AREAS, type OperatorArea } from '@/lib/operators/roles';
import { appendAudit, type AuditActor } from './auditLog';
import { issueOperatorLink, OPERATOR_LINK_TTL_MS } from './operatorLinks';
import { OperatorDirectory } from './OperatorDirectory';
import { OperatorTokens } from './operatorTokens';

export const OPERATOR_USAGE = `Usage: npm run operator -- <command> [options]
  add --email <address> --name <name> --role <marketer|care|admin>
  list
  token --email <address> --name <what uses it> --scopes <reports,care,admin>
  revoke-token --id <opt_…>
  disable --email <address> | enable --email <address>
  reset-factor --email <address>      (a lost phone: the next sign-in enrols again)
  link --email <address> [--origin <https://…>]
                                      prints a sign-in link (15 minutes, single use): how an
                                      operator gets in where no mail leaves the server`;

export class UsageError extends Error {}

/**
 * The operators' command line on the server (npm run operator): the first admin is made
 * here, and tokens for scripts; each change in the audit log as done by "command line".
 * Answers the lines to print.
 */
export async function runOperatorCommand(
  db: Kysely<Database>,
  argv: string[],
  actor: AuditActor,
  server: { origin: string; now?: () => Date } = { origin: 'http://localhost:3000' },
): Promise<string[]> {
  const [command, ...rest] = argv;
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        scopes: { type: 'string' },
        id: { type: 'string' },
        origin: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${OPERATOR_USAGE}`);
  }
  const need = (key: string) => {
    const value = values[key]?.trim();
    if (!value) throw new UsageError(`--${key} is needed.\n${OPERATOR_USAGE}`);
    return value;
  };
  const directory = new OperatorDirectory(db);
  const tokens = new OperatorTokens(db);
  const operatorByEmail = async () => {
    const operator = await directory.byEmail(need('email'));
    if (!operator) throw new UsageError(`No operator has the address ${values.email}.`);
    return operator;
  };

  switch (command) {
    case 'add': {
      const role = need('role');
      if (!isOperatorRole(role)) throw new UsageError(`--role is marketer, care or admin, not ${role}.`);
      const email = need('email');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`${email} is not an email address.`);
      const operator = await directory.add({ email, name: need('name'), role }, actor);
      return [
        `Added ${operator.email} (${operator.role}), id ${operator.id}.`,
        'They sign in at /admin/sign-in and set up their authenticator app the first time.',
      ];
    }
    case 'list': {
      const all = await directory.list();
      if (all.length === 0)
        return ['No operators yet: add the first admin with `npm run operator -- add --email … --name … --role admin`.'];
      return all.map(
        (o) => `${o.id}  ${o.email}  ${o.role}${o.enrolled ? '' : '  (second factor not set up)'}${o.disabledAt ? '  DISABLED' : ''}`,
      );
    }
    case 'token': {
      const operator = await operatorByEmail();
      const scopes = need('scopes')
        .split(',')
        .map((s) => s.trim());
      const unknown = scopes.filter((s) => !(OPERATOR_AREAS as readonly string[]).includes(s));
      if (unknown.length) throw new UsageError(`Unknown scopes: ${unknown.join(', ')} (reports, care, admin).`);
      const made = await tokens.create(operator.id, need('name'), scopes as OperatorArea[], actor);
      return [
        made.token,
        `(token ${made.record.id} for ${operator.email}, scopes ${made.record.scopes.join(',')}: shown once, keep it secret)`,
      ];
    }
    case 'revoke-token':
      return [(await tokens.revoke(need('id'), actor)) ? `Revoked ${values.id}.` : `${values.id} was revoked already, or does not exist.`];
    case 'disable':
    case 'enable': {
      const operator = await operatorByEmail();
      await directory.update(operator.id, { disabled: command === 'disable' }, actor);
      return [`${operator.email} is ${command}d.`];
    }
    case 'reset-factor': {
      const operator = await operatorByEmail();
      await directory.update(operator.id, { resetFactor: true }, actor);
      return [`${operator.email} sets up a new authenticator app at the next sign-in; their sessions are ended.`];
    }
    case 'link': {
      const operator = await operatorByEmail();
      if (operator.disabledAt) throw new UsageError(`${operator.email} is disabled: enable them first.`);
      const origin = (values.origin?.trim() || server.origin).replace(/\/+$/, '');
      if (!/^https?:\/\/[^/\s]+$/.test(origin))
        throw new UsageError(`--origin is the server's address, such as https://staging.example.com (got ${origin}).`);
      const at = (server.now ?? (() => new Date()))();
      const link = await issueOperatorLink(db, { operatorId: operator.id, origin, at });
      await appendAudit(db, actor, { action: 'operator.link-issued', target: `operator:${operator.id}` }, at);
      return [
        link,
        `(a sign-in link for ${operator.email}: single use, for ${OPERATOR_LINK_TTL_MS / 60_000} minutes; it asks their authenticator app's code${operator.enrolled ? '' : ', or sets one up first'})`,
      ];
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}.\n${OPERATOR_USAGE}` : OPERATOR_USAGE);
  }
}
