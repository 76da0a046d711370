import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import { isOperatorRole, OPERATOR_AREAS, type OperatorArea } from '@/lib/operators/roles';
import type { AuditActor } from './auditLog';
import { OperatorDirectory } from './OperatorDirectory';
import { OperatorTokens } from './operatorTokens';

export const OPERATOR_USAGE = `Usage: npm run operator -- <command> [options]
  add --email <address> --name <name> --role <marketer|care|admin>
  list
  token --email <address> --name <what uses it> --scopes <reports,care,admin>
  revoke-token --id <opt_…>
  disable --email <address> | enable --email <address>
  reset-factor --email <address>      (a lost phone: the next sign-in enrols again)`;

export class UsageError extends Error {}

/**
 * The operators' command line on the server (npm run operator): the first admin is made
 * here, and tokens for scripts; each change in the audit log as done by "command line".
 * Answers the lines to print.
 */
export async function runOperatorCommand(db: Kysely<Database>, argv: string[], actor: AuditActor): Promise<string[]> {
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
    default:
      throw new UsageError(command ? `Unknown command ${command}.\n${OPERATOR_USAGE}` : OPERATOR_USAGE);
  }
}
