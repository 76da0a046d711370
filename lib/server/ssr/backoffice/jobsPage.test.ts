import { describe, expect, it, vi } from 'vitest';
import { runPageLoader } from '@/tests/fixtures/operatorRequests';
import { signedInOperator } from '@/tests/fixtures/operatorSessions';
import { JOB_NAMES } from '@/lib/operators/jobViews';
import { serverContext } from '@/lib/server/context/serverContext';
import { JobRunRepository } from '@/lib/server/jobs/JobRunRepository';
import { jobsPageProps } from './jobsPage';

vi.mock('@/lib/server/config/serverEnv', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/config/serverEnv')>();
  return {
    ...actual,
    serverEnv: () => actual.parseServerEnv({ DATABASE_URL: 'file::memory:', RENEWAL_INTERVAL_SECONDS: '60' }),
  };
});

const load = (cookie: string | null) => runPageLoader(jobsPageProps, {}, { cookie, resolvedUrl: '/admin/jobs' });

describe('/admin/jobs', () => {
  it('is for admins: care and marketers are told 403, someone signed out signs in first', async () => {
    const { db } = await serverContext();
    for (const role of ['care', 'marketer'] as const) {
      const refused = await load((await signedInOperator(db, role)).cookie);
      expect(refused.status).toBe(403);
      expect(refused.result).toMatchObject({ props: { kind: 'refused', status: 403 } });
    }
    expect((await load(null)).result).toMatchObject({ redirect: { destination: expect.stringMatching(/^\/admin\/sign-in/) } });
  });

  it('lists every job with its schedule, its last run on any instance, its backlog, and whether it is behind', async () => {
    const server = await serverContext();
    const now = server.clock();
    const runs = new JobRunRepository(server.db, 'host-b:7');
    // Renewals ran an hour ago: far more than three of its one-minute intervals.
    const hourAgo = new Date(now.getTime() - 3_600_000);
    await runs.started('renewals', hourAgo);
    await runs.finished('renewals', new Date(hourAgo.getTime() + 1_200), {
      job: 'renewals',
      items: 5,
      failures: 1,
      durationMs: 1_200,
      lagMs: 3,
      error: 'database away',
    });
    await runs.started('refunds', now);
    await server.db
      .insertInto('cancel_declarations')
      .values({
        id: 'cxl_waiting',
        email: 'ada@example.com',
        brand_slug: 'vogue',
        livemode: 0,
        reason: null,
        client_json: '{}',
        subscriptions_cancelled: 0,
        declared_at: new Date(now.getTime() - 120_000).toISOString(),
        applied_at: null,
        origin: null,
      })
      .execute();
    const { cookie } = await signedInOperator(server.db, 'admin');
    const page = await load(cookie);
    const props = (page.result as { props: { jobs: { name: string }[] } }).props;
    expect(props.jobs.map((job) => job.name).sort()).toEqual([...JOB_NAMES].sort());
    const job = (name: string) => props.jobs.find((candidate) => candidate.name === name);
    expect(job('renewals')).toEqual({
      name: 'renewals',
      title: 'Renewals, retries and ends that are due',
      intervalMs: 60_000,
      lastRun: {
        startedAt: hourAgo.toISOString(),
        finishedAt: new Date(hourAgo.getTime() + 1_200).toISOString(),
        durationMs: 1_200,
        items: 5,
        failures: 1,
        error: 'database away',
        instance: 'host-b:7',
      },
      backlog: { waiting: 0, oldestAt: null },
      behind: true,
    });
    expect(job('refunds')).toMatchObject({ lastRun: { finishedAt: null, instance: 'host-b:7' }, behind: false });
    expect(job('cancel-declarations')).toMatchObject({
      backlog: { waiting: 1, oldestAt: new Date(now.getTime() - 120_000).toISOString() },
    });
  });

  it('gives a job kicked by every renewals run the renewals schedule', async () => {
    const server = await serverContext();
    const { cookie } = await signedInOperator(server.db, 'admin');
    const props = ((await load(cookie)).result as { props: { jobs: { name: string; intervalMs: number | null }[] } }).props;
    expect(props.jobs.find((job) => job.name === 'waiting-withdrawals')).toMatchObject({ intervalMs: 60_000 });
  });
});
