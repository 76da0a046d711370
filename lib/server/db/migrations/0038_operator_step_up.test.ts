import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/server/db/schema';
import { testDb } from '@/tests/fixtures/testDb';
import { down, up } from './0038_operator_step_up';

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const operator = (id: string, enrolled: boolean) => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role: 'admin' as const,
  totp_secret: `v1.sealed-${id}`,
  totp_enrolled_at: enrolled ? '2026-11-01T00:00:00.000Z' : null,
  totp_last_step: null,
  factor_failures: 0,
  locked_until: null,
  created_at: '2026-11-01T00:00:00.000Z',
  disabled_at: null,
});

const session = (token: string, stage: 'enrol' | 'signed-in') => ({
  token_hash: token,
  operator_id: 'op_a',
  stage,
  created_at: '2026-11-30T10:00:00.000Z',
  last_seen_at: '2026-11-30T10:05:00.000Z',
  absolute_expires_at: '2026-11-30T22:00:00.000Z',
  ended_at: null,
});

describe('0038_operator_step_up', () => {
  it("dates a signed-in session's factor at its sign-in, and drops secrets no code ever confirmed", async () => {
    await down(db as Kysely<unknown>);
    await db
      .insertInto('operators')
      .values([operator('op_a', true), operator('op_b', false)])
      .execute();
    await db
      .insertInto('operator_sessions')
      .values([session('signed', 'signed-in'), session('pending', 'enrol')] as never)
      .execute();
    await up(db as Kysely<unknown>);
    const sessions = await db.selectFrom('operator_sessions').select(['token_hash', 'factor_verified_at', 'enrol_totp_secret']).execute();
    expect(sessions.find((s) => s.token_hash === 'signed')).toMatchObject({ factor_verified_at: '2026-11-30T10:00:00.000Z' });
    expect(sessions.find((s) => s.token_hash === 'pending')).toMatchObject({ factor_verified_at: null, enrol_totp_secret: null });
    const secrets = await db.selectFrom('operators').select(['id', 'totp_secret']).orderBy('id').execute();
    expect(secrets).toEqual([
      { id: 'op_a', totp_secret: 'v1.sealed-op_a' },
      { id: 'op_b', totp_secret: null },
    ]);
  });
});
