import { describe, expect, it, vi } from 'vitest';
import { runPageLoader } from '@/tests/fixtures/operatorRequests';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { serverContext } from '@/lib/server/context/serverContext';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import { limitBuckets } from '@/lib/server/limits/limitBuckets';
import { limitsPageProps } from './limitsPage';

vi.mock('@/lib/server/config/serverEnv', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/config/serverEnv')>();
  return { ...actual, serverEnv: () => actual.parseServerEnv({ DATABASE_URL: 'file::memory:' }) };
});

const load = (query: Record<string, string>, cookie: string | null) =>
  runPageLoader(limitsPageProps, query, { cookie, resolvedUrl: '/admin/limits' });

describe('/admin/limits', () => {
  it('is for care and admins: a marketer is told 403, someone signed out signs in first', async () => {
    const { db } = await serverContext();
    const marketer = await signedInOperator(db, 'marketer');
    const refused = await load({}, marketer.cookie);
    expect(refused.status).toBe(403);
    expect(refused.result).toMatchObject({ props: { kind: 'refused', status: 403 } });
    expect((await load({}, null)).result).toMatchObject({ redirect: { destination: expect.stringMatching(/^\/admin\/sign-in/) } });
    const admin = await signedInOperator(db, 'admin');
    expect((await load({}, admin.cookie)).result).toMatchObject({ props: { query: '', found: null, problem: null } });
  });

  it('shows the limits of the address typed, and says what to type when it is neither an IP nor an e-mail', async () => {
    const { db } = await serverContext();
    await new RateLimiter(db).allow(limitBuckets.withdrawals(false, '192.0.2.44'), 10, 15 * 60_000);
    const { cookie } = await signedInOperator(db, 'care');
    const page = await load({ subject: ' 192.0.2.44 ' }, cookie);
    expect(page.result).toMatchObject({
      props: {
        query: '192.0.2.44',
        problem: null,
        found: {
          subject: { kind: 'client', key: '192.0.2.44' },
          limits: [{ id: 'withdrawals:test', count: 1, limit: 10, holding: false }],
        },
      },
    });
    const bad = await load({ subject: 'somebody' }, cookie);
    expect(bad.result).toMatchObject({ props: { query: 'somebody', found: null, problem: expect.stringMatching(/^Enter an IP address/) } });
  });
});
