import { describe, expect, it, vi } from 'vitest';
import type { Job, JobReport } from './Job';
import { JobRunner, type JobRunLine, type JobRunRecorder } from './JobRunner';

/** A gate a run waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

function job(run: () => Promise<JobReport>, overrides: Partial<Job> = {}): Job {
  return { name: 'refunds', intervalMs: 0, run, backlog: async () => ({ waiting: 0, oldestAt: null }), ...overrides };
}

function runner(options: { clock?: () => Date; recorder?: JobRunRecorder } = {}) {
  const lines: JobRunLine[] = [];
  const jobs = new JobRunner({ ...options, log: (line) => void lines.push(JSON.parse(line) as JobRunLine) });
  return { jobs, lines };
}

describe('JobRunner', () => {
  it('logs one JSON line per run: the job, its counts, how long it took and how late it started', async () => {
    let now = 1_000;
    const { jobs, lines } = runner({ clock: () => new Date(now) });
    jobs.start([
      job(async () => {
        now += 250;
        return { items: 3, failures: 1 };
      }),
    ]);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toEqual({ job: 'refunds', items: 3, failures: 1, durationMs: 250, lagMs: 0 });
    await jobs.stop();
  });

  it('runs one run of a job at a time: kicks while one waits share it, a kick during a run makes one more follow', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let hold = gate();
    const { jobs } = runner();
    jobs.start([
      job(async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await hold.closed;
        running -= 1;
        return { items: 0, failures: 0 };
      }),
    ]);
    await vi.waitFor(() => expect(runs).toBe(1));
    // Three kicks during the first run: one more run follows it, and all three share it.
    const kicks = [jobs.kick('refunds'), jobs.kick('refunds'), jobs.kick('refunds')];
    hold.open();
    hold = gate();
    await vi.waitFor(() => expect(runs).toBe(2));
    hold.open();
    await Promise.all(kicks);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await jobs.stop();
  });

  it('counts the lag of a kicked run from the kick, however long the run before it held it back', async () => {
    let now = 0;
    const hold = gate();
    let first = true;
    const { jobs, lines } = runner({ clock: () => new Date(now) });
    jobs.start([
      job(async () => {
        if (first) {
          first = false;
          await hold.closed;
        }
        return { items: 1, failures: 0 };
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    now = 100;
    const kicked = jobs.kick('refunds');
    now = 600;
    hold.open();
    await kicked;
    expect(lines.map((line) => line.lagMs)).toEqual([0, 500]);
    await jobs.stop();
  });

  it('ignores kicks of a job it never started; a job started twice runs once, and its first run shares a kick', async () => {
    let runs = 0;
    const { jobs } = runner();
    await jobs.kick('refunds');
    expect(runs).toBe(0);
    const counted = job(async () => ((runs += 1), { items: 0, failures: 0 }));
    jobs.start([counted]);
    jobs.start([counted]);
    await jobs.kick('refunds');
    expect(runs).toBe(1);
    await jobs.kick('refunds');
    expect(runs).toBe(2);
    await jobs.stop();
  });

  it('logs and records a run that failed with its message, addresses masked, and runs the next all the same', async () => {
    const recorded: [string, JobRunLine][] = [];
    const recorder: JobRunRecorder = {
      started: async () => undefined,
      finished: async (name, _at, line) => void recorded.push([name, line]),
    };
    let fail = true;
    const { jobs, lines } = runner({ recorder });
    jobs.start([
      job(async () => {
        if (fail) throw new Error('SMTP refused ada@example.com\n  twice');
        return { items: 2, failures: 0 };
      }),
    ]);
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toMatchObject({ job: 'refunds', items: 0, failures: 0, error: 'SMTP refused a***@example.com twice' });
    fail = false;
    await jobs.kick('refunds');
    expect(lines[1]).not.toHaveProperty('error');
    expect(recorded.map(([name, line]) => [name, line.items, line.error ?? null])).toEqual([
      ['refunds', 0, 'SMTP refused a***@example.com twice'],
      ['refunds', 2, null],
    ]);
    await jobs.stop();
  });

  it('logs a run all the same when the database to record it in is away', async () => {
    const logged: string[] = [];
    const recorder: JobRunRecorder = {
      started: async () => {
        throw new Error('database away');
      },
      finished: async () => {
        throw new Error('database away');
      },
    };
    const jobs = new JobRunner({ recorder, log: (line) => void logged.push(line) });
    jobs.start([job(async () => ({ items: 1, failures: 0 }))]);
    await vi.waitFor(() => expect(logged).toHaveLength(3));
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      { jobRuns: 'not recorded', error: 'database away' },
      expect.objectContaining({ job: 'refunds', items: 1 }),
      { jobRuns: 'not recorded', error: 'database away' },
    ]);
    await jobs.stop();
  });

  it('runs a job on its interval, and stops: the run under way is asked to end and awaited, no kick runs after', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const stopped = vi.fn();
      const { jobs } = runner();
      jobs.start([job(async () => ((runs += 1), { items: 0, failures: 0 }), { intervalMs: 1_000, stop: stopped })]);
      await vi.advanceTimersByTimeAsync(10);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(runs).toBe(3);
      await jobs.stop();
      expect(stopped).toHaveBeenCalledOnce();
      await jobs.kick('refunds');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(runs).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
