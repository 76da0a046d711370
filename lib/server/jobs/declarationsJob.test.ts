import { describe, expect, it } from 'vitest';
import type { JobName } from './Job';
import { declarationsJob } from './declarationsJob';

type Outcome = { kind: 'sent' | 'quiet' | 'left'; id: string };

/** A page's job over a pass that answers `outcomes`, with the kicks it asks for and the lines it logs. */
function pageJob(outcomes: Outcome[]) {
  const kicked: JobName[] = [];
  const lines: string[] = [];
  const job = declarationsJob<Outcome>(
    { jobs: { kick: async (name) => void kicked.push(name) } },
    {
      name: 'public-withdrawals',
      intervalMs: 15_000,
      page: '[some-page]',
      pass: async () => outcomes,
      queuedMail: (outcome) => outcome.kind === 'sent',
      line: (outcome) => `${outcome.id} ${outcome.kind}`,
      backlog: async () => ({ waiting: 2, oldestAt: null }),
    },
    (line) => void lines.push(line),
  );
  return { job, kicked, lines };
}

describe('declarationsJob', () => {
  it('logs each outcome under its page, counts the ones left as failures, and kicks the mail job once when one queued a mail', async () => {
    const { job, kicked, lines } = pageJob([
      { kind: 'quiet', id: 'a' },
      { kind: 'sent', id: 'b' },
      { kind: 'sent', id: 'c' },
      { kind: 'left', id: 'd' },
    ]);
    expect(job).toMatchObject({ name: 'public-withdrawals', intervalMs: 15_000 });
    expect(await job.run()).toEqual({ items: 4, failures: 1 });
    expect(lines).toEqual(['[some-page] a quiet', '[some-page] b sent', '[some-page] c sent', '[some-page] d left']);
    expect(kicked).toEqual(['mail']);
    expect(await job.backlog()).toEqual({ waiting: 2, oldestAt: null });
  });

  it('leaves the mail job alone when nothing was queued', async () => {
    const { job, kicked, lines } = pageJob([{ kind: 'quiet', id: 'a' }]);
    expect(await job.run()).toEqual({ items: 1, failures: 0 });
    expect(await pageJob([]).job.run()).toEqual({ items: 0, failures: 0 });
    expect(kicked).toEqual([]);
    expect(lines).toEqual(['[some-page] a quiet']);
  });
});
