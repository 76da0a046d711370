import { describe, expect, it } from 'vitest';
import { testDb } from '@/tests/fixtures/testDb';
import { readAudit } from './auditLog';
import { runOperatorCommand, UsageError } from './operatorCommand';
import { OperatorTokens } from './operatorTokens';
import { createOperatorServices } from './operatorServices';

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
    [['link', '--email', 'ghost@example.com'], /No operator has the address/],
    [['link'], /--email is needed/],
  ])('refuses %j with a message', async (argv, message) => {
    const db = await testDb();
    await expect(runOperatorCommand(db, argv, CLI)).rejects.toThrow(UsageError);
    await expect(runOperatorCommand(db, argv, CLI)).rejects.toThrow(message);
  });
});

describe('npm run operator -- link', () => {
  const mailer = { send: async () => undefined };

  it('prints a single-use sign-in link at the origin given, that opens the enrolment, and records who made it', async () => {
    const db = await testDb();
    await runOperatorCommand(db, ['add', '--email', 'boss@example.com', '--name', 'Boss', '--role', 'admin'], CLI);
    const [link, about] = await runOperatorCommand(db, ['link', '--email', 'boss@example.com'], CLI, {
      origin: 'https://staging.example.com/',
    });
    expect(link).toMatch(/^https:\/\/staging\.example\.com\/admin\/sign-in\/link\?token=[\w-]+$/);
    expect(about).toMatch(/single use, for 15 minutes.*sets one up first/);
    const signIn = createOperatorServices(
      db,
      { OPERATOR_SECRET_KEY: undefined, OPERATOR_FAILURE_LIMIT: 30 },
      () => new Date(),
      mailer,
    ).signIn;
    const token = new URL(link!).searchParams.get('token')!;
    expect(await signIn.useLink(token)).toMatchObject({ ok: true, stage: 'enrol' });
    expect(await signIn.useLink(token)).toEqual({ ok: false, reason: 'used' });
    expect((await readAudit(db, { limit: 1 }))[0]).toMatchObject({ actor: 'command line (root)', action: 'operator.link-issued' });
  });

  it('takes --origin over the default, refuses one that is not an origin, and refuses a disabled operator', async () => {
    const db = await testDb();
    await runOperatorCommand(db, ['add', '--email', 'ana@example.com', '--name', 'Ana', '--role', 'care'], CLI);
    const [link] = await runOperatorCommand(db, ['link', '--email', 'ana@example.com', '--origin', 'http://127.0.0.1:3211'], CLI);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3211\/admin\/sign-in\/link\?token=/);
    await expect(runOperatorCommand(db, ['link', '--email', 'ana@example.com', '--origin', 'javascript:alert(1)'], CLI)).rejects.toThrow(
      /--origin is the server's address/,
    );
    await runOperatorCommand(db, ['disable', '--email', 'ana@example.com'], CLI);
    await expect(runOperatorCommand(db, ['link', '--email', 'ana@example.com'], CLI)).rejects.toThrow(/disabled/);
  });
});
