import { describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '@/lib/server/context/createServerContext';
import type { DeclarationOutcome } from '@/lib/server/subscriptions/cancelDeclarationsPass';
import type { PublicWithdrawalOutcome } from '@/lib/server/withdrawal/publicWithdrawalsPass';
import { cancelDeclarationsJob } from './cancelDeclarationsJob';
import { JobRunner } from './JobRunner';
import { publicWithdrawalsJob } from './publicWithdrawalsJob';

/** What the passes answer here: the kicks and the lines are what these tests read, not the passes' work. */
const passes = vi.hoisted(() => ({
  declarations: async (): Promise<DeclarationOutcome[]> => [],
  withdrawals: async (): Promise<PublicWithdrawalOutcome[]> => [],
}));
vi.mock('@/lib/server/subscriptions/cancelDeclarationsPass', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/server/subscriptions/cancelDeclarationsPass')>()),
  applyCancelDeclarations: () => passes.declarations(),
}));
vi.mock('@/lib/server/withdrawal/publicWithdrawalsPass', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/server/withdrawal/publicWithdrawalsPass')>()),
  examinePublicWithdrawals: () => passes.withdrawals(),
}));

/** A runner with the public pages' jobs, and the lines it and they log. */
function pagesRunner() {
  const runnerLines: string[] = [];
  const lines: string[] = [];
  const jobs = new JobRunner({ log: (line) => void runnerLines.push(line) });
  const context = { jobs, clock: () => new Date() } as unknown as ServerContext;
  const log = (line: string) => void lines.push(line);
  return { jobs, lines, runnerLines, pageJobs: [cancelDeclarationsJob(context, log), publicWithdrawalsJob(context, log)] };
}

describe('the public pages’ jobs on the runner (as KickedPass ran them)', () => {
  it('runs no pass for a kick before it is started (tests apply declarations themselves)', async () => {
    let runs = 0;
    passes.declarations = async () => ((runs += 1), []);
    const { jobs } = pagesRunner();
    await jobs.kick('cancel-declarations');
    expect(runs).toBe(0);
  });

  it('runs the pass a kick asks for only after the kicking code has gone on (the request answers first)', async () => {
    const order: string[] = [];
    passes.declarations = async () => {
      order.push('pass');
      return [{ kind: 'applied', declarationId: 'cxl_1', cancelled: 1 }];
    };
    const { jobs, lines, pageJobs } = pagesRunner();
    jobs.start(pageJobs);
    await jobs.kick('cancel-declarations');
    order.length = 0;
    const kicked = jobs.kick('cancel-declarations');
    order.push('answered');
    await kicked;
    expect(order).toEqual(['answered', 'pass']);
    expect(lines).toContain('[cancel-page] cxl_1 applied: 1 subscription(s) cancelled');
    await jobs.stop();
  });

  it('logs a pass that fails and resolves the kick all the same', async () => {
    passes.declarations = async () => {
      throw new Error('database away');
    };
    const { jobs, runnerLines, pageJobs } = pagesRunner();
    jobs.start(pageJobs);
    await expect(jobs.kick('cancel-declarations')).resolves.toBeUndefined();
    expect(runnerLines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ job: 'cancel-declarations', items: 0, failures: 0, error: 'database away' }),
    );
    await jobs.stop();
  });

  it('logs each line of the withdrawal page’s pass under its own name, ids only', async () => {
    passes.declarations = async () => [];
    passes.withdrawals = async () => [
      { kind: 'acknowledged', withdrawalId: 'wdr_1' },
      { kind: 'left', withdrawalId: 'wdr_2', reason: 'could not be examined' },
    ];
    const { jobs, lines, runnerLines, pageJobs } = pagesRunner();
    jobs.start(pageJobs.filter((job) => job.name === 'public-withdrawals'));
    await jobs.kick('public-withdrawals');
    expect(lines).toEqual(['[withdrawal-page] wdr_1 acknowledged', '[withdrawal-page] wdr_2 left: could not be examined']);
    expect(JSON.parse(runnerLines.at(-1)!)).toMatchObject({ job: 'public-withdrawals', items: 2, failures: 1 });
    await jobs.stop();
  });
});
