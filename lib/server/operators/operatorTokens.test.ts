import { beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import type { Database } from '@/lib/server/db/schema';
import { readAudit } from './auditLog';
import { OperatorDirectory } from './OperatorDirectory';
import { OperatorTokens, TokenScopeError } from './operatorTokens';

const CLI = { operatorId: null, label: 'command line' };

describe('OperatorTokens', () => {
  let db: Kysely<Database>;
  let tokens: OperatorTokens;
  let directory: OperatorDirectory;

  beforeEach(async () => {
    db = await testDb();
    tokens = new OperatorTokens(db);
    directory = new OperatorDirectory(db);
  });

  it('stores only a hash, shows the token once, and authenticates it with its scopes', async () => {
    const qa = await directory.add({ email: 'qa@example.com', name: 'QA', role: 'admin' }, CLI);
    const { token, record } = await tokens.create(qa.id, 'browser suite', ['admin', 'care'], CLI);
    expect(token).toMatch(/^pjop_[\w-]{43}$/);
    const stored = await db.selectFrom('operator_tokens').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token.slice(5));
    expect(await tokens.authenticate(token)).toMatchObject({
      operator: { email: 'qa@example.com' },
      scopes: ['admin', 'care'],
      tokenId: record.id,
    });
    expect(await tokens.authenticate(`${token}x`)).toBeNull();
    expect(await tokens.authenticate('Bearer nonsense')).toBeNull();
  });

  it("refuses scopes beyond the owner's role", async () => {
    const marketer = await directory.add({ email: 'm@example.com', name: 'M', role: 'marketer' }, CLI);
    await expect(tokens.create(marketer.id, 'x', ['care'], CLI)).rejects.toThrow(TokenScopeError);
    await expect(tokens.create(marketer.id, 'x', [], CLI)).rejects.toThrow(TokenScopeError);
    expect((await tokens.create(marketer.id, 'x', ['reports'], CLI)).record.scopes).toEqual(['reports']);
  });

  it('a revoked token, or one whose owner is disabled, opens nothing; a lowered role narrows it', async () => {
    const ana = await directory.add({ email: 'ana@example.com', name: 'Ana', role: 'admin' }, CLI);
    const a = await tokens.create(ana.id, 'a', ['admin', 'reports'], CLI);
    const b = await tokens.create(ana.id, 'b', ['reports'], CLI);
    expect(await tokens.revoke(a.record.id, CLI)).toBe(true);
    expect(await tokens.revoke(a.record.id, CLI)).toBe(false);
    expect(await tokens.authenticate(a.token)).toBeNull();
    await directory.update(ana.id, { role: 'care' }, CLI);
    expect((await tokens.authenticate(b.token))?.scopes).toEqual([]);
    await directory.update(ana.id, { disabled: true }, CLI);
    expect(await tokens.authenticate(b.token)).toBeNull();
    const actions = (await readAudit(db, { limit: 20 })).map((e) => e.action);
    expect(actions).toEqual(['operator.updated', 'operator.updated', 'token.revoked', 'token.created', 'token.created', 'operator.added']);
  });
});

describe('the audit log', () => {
  it('keeps who, what, when, before and after, and refuses every update and delete', async () => {
    const db = await testDb();
    const directory = new OperatorDirectory(db, () => new Date('2026-11-27T10:00:00Z'));
    const ana = await directory.add({ email: 'ana@example.com', name: 'Ana', role: 'care' }, CLI);
    await directory.update(ana.id, { role: 'admin' }, { operatorId: 'op_x', label: 'operator:boss@example.com', client: '10.0.0.9' });
    const [entry] = await readAudit(db, { limit: 1 });
    expect(entry).toMatchObject({
      at: '2026-11-27T10:00:00.000Z',
      operatorId: 'op_x',
      actor: 'operator:boss@example.com',
      action: 'operator.updated',
      target: `operator:${ana.id}`,
      before: { role: 'care' },
      after: { role: 'admin' },
      client: '10.0.0.9',
    });
    await expect(db.updateTable('audit_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await readAudit(db, { limit: 10 })).toHaveLength(2);
  });
});
