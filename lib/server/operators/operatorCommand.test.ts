import { describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import { readAudit } from './auditLog';
import { runOperatorCommand, UsageError } from './operatorCommand';
import { OperatorTokens } from './operatorTokens';

const CLI = { operatorId: null, label: 'command line (root)' };

describe('npm run operator', () => {
  it('makes the first admin, lists operators, makes a token that works, and records each step', async () => {
    const db = await testDb();
    expect(await runOperatorCommand(db, ['list'], CLI)).toEqual([expect.stringContaining('No operators yet')]);
    const added = await runOperatorCommand(db, ['add', '--email', 'Root@Example.com', '--name', 'Root', '--role', 'admin'], CLI);
    expect(added[0]).toMatch(/^Added root@example\.com \(admin\), id op_/);
    expect(await runOperatorCommand(db, ['list'], CLI)).toEqual([
      expect.stringMatching(/root@example\.com {2}admin {2}\(second factor not set up\)$/),
    ]);
    const [token] = await runOperatorCommand(db, ['token', '--email', 'root@example.com', '--name', 'QA', '--scopes', 'admin,care'], CLI);
    expect((await new OperatorTokens(db).authenticate(token!))?.scopes).toEqual(['admin', 'care']);
    expect((await readAudit(db, { limit: 5 })).map((e) => [e.actor, e.action])).toEqual([
      ['command line (root)', 'token.created'],
      ['command line (root)', 'operator.added'],
    ]);
  });

  it.each([
    [[], /Usage/],
    [['promote'], /Unknown command promote/],
    [['add', '--email', 'a@b.co', '--name', 'A'], /--role is needed/],
    [['add', '--email', 'a@b.co', '--name', 'A', '--role', 'root'], /--role is marketer, care or admin/],
    [['add', '--email', 'nope', '--name', 'A', '--role', 'care'], /not an email address/],
    [['add', '--mail', 'a@b.co'], /Unknown option '--mail'/],
    [['token', '--email', 'ghost@example.com', '--name', 'x', '--scopes', 'admin'], /No operator has the address/],
  ])('refuses %j with a message', async (argv, message) => {
    const db = await testDb();
    await expect(runOperatorCommand(db, argv, CLI)).rejects.toThrow(UsageError);
    await expect(runOperatorCommand(db, argv, CLI)).rejects.toThrow(message);
  });
});
