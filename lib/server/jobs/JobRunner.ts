import { maskEmail } from '@/lib/server/identity/Mailer';
import type { Job, JobName, JobReport } from './Job';

/** The one line a run logs (JSON): what it did, how long it took, and how late it started. */
export interface JobRunLine {
  job: JobName;
  items: number;
  failures: number;
  durationMs: number;
  /** How late it started against its schedule or the first kick that asked for it. */
  lagMs: number;
  /** The whole run failed: its error's message. */
  error?: string;
}

/** Where the runner keeps each job's last run for the other instances and /admin/jobs (JobRunRepository). */
export interface JobRunRecorder {
  started(job: JobName, at: Date): Promise<void>;
  finished(job: JobName, at: Date, line: JobRunLine): Promise<void>;
}

export interface JobRunnerOptions {
  clock?: () => Date;
  log?: (line: string) => void;
  recorder?: JobRunRecorder;
}

/** One started job: its timer, the run under way, and the run kicks wait for. */
interface Slot {
  job: Job;
  timer: NodeJS.Timeout | undefined;
  /** When the next tick of its interval is due (ms), for the lag of the run it asks for. */
  nextTickAt: number;
  running: Promise<void> | null;
  waiting: Promise<void> | null;
  /** The earliest time a request of the waiting run was made: its lag counts from here. */
  requestedAt: number;
}

const EMAIL = /[^\s<>"'@]+@[^\s<>"'@]+\.[^\s<>"'@]+/g;

/** An error as one line for the log and job_runs: any address in it masked (a server may quote one). */
const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(EMAIL, (address) => maskEmail(address));

/**
 * Runs the process's background jobs: each on its interval and when kicked, one run at a
 * time per job. Kicks while a run waits to start share it; a kick during a running one makes
 * one more follow it (the work it announces may have come after that run's query). Every run
 * logs one JSON line (JobRunLine) and is recorded. A job that was never started ignores
 * kicks: tests made with createServerContext run the work themselves.
 */
export class JobRunner {
  private readonly slots = new Map<JobName, Slot>();
  private readonly clock: () => Date;
  private readonly log: (line: string) => void;
  private readonly recorder: JobRunRecorder | undefined;

  constructor(options: JobRunnerOptions = {}) {
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? ((line) => console.info(line));
    this.recorder = options.recorder;
  }

  /** Each job not started yet: a run now, then every intervalMs (the timer does not keep the process alive). */
  start(jobs: readonly Job[]): void {
    for (const job of jobs) {
      if (this.slots.has(job.name)) continue;
      const now = this.clock().getTime();
      const slot: Slot = { job, timer: undefined, nextTickAt: now + job.intervalMs, running: null, waiting: null, requestedAt: now };
      this.slots.set(job.name, slot);
      if (job.intervalMs > 0) {
        slot.timer = setInterval(() => {
          const due = slot.nextTickAt;
          slot.nextTickAt += job.intervalMs;
          void this.request(slot, due);
        }, job.intervalMs);
        slot.timer.unref();
      }
      void this.request(slot, now);
    }
  }

  /** Asks for a run of `name` soon; resolves when it has ended, never rejects (a failed run is logged and left to the next). */
  kick(name: JobName): Promise<void> {
    const slot = this.slots.get(name);
    return slot ? this.request(slot, this.clock().getTime()) : Promise.resolve();
  }

  /** Stops every timer and kick, asks the runs under way to end soon, and waits for them. */
  async stop(): Promise<void> {
    const slots = [...this.slots.values()];
    this.slots.clear();
    for (const slot of slots) {
      clearInterval(slot.timer);
      slot.job.stop?.();
    }
    await Promise.all(slots.map(async (slot) => (await slot.waiting, await slot.running)));
  }

  private request(slot: Slot, at: number): Promise<void> {
    if (slot.waiting) {
      slot.requestedAt = Math.min(slot.requestedAt, at);
      return slot.waiting;
    }
    slot.requestedAt = at;
    slot.waiting = (async () => {
      await slot.running;
      // A tick of the event loop: the request that kicked has answered first, and a burst's kicks share this run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      slot.waiting = null;
      if (this.slots.get(slot.job.name) !== slot) return;
      const run = this.runOnce(slot.job, slot.requestedAt);
      slot.running = run;
      await run;
      if (slot.running === run) slot.running = null;
    })();
    return slot.waiting;
  }

  private async runOnce(job: Job, requestedAt: number): Promise<void> {
    const started = this.clock();
    await this.record(() => this.recorder?.started(job.name, started));
    let report: JobReport = { items: 0, failures: 0 };
    let error: string | undefined;
    try {
      report = await job.run();
    } catch (failure) {
      error = messageOf(failure) || 'unknown error';
    }
    const finished = this.clock();
    const line: JobRunLine = {
      job: job.name,
      items: report.items,
      failures: report.failures,
      durationMs: finished.getTime() - started.getTime(),
      lagMs: Math.max(0, started.getTime() - requestedAt),
      ...(error === undefined ? {} : { error }),
    };
    this.log(JSON.stringify(line));
    await this.record(() => this.recorder?.finished(job.name, finished, line));
  }

  /** The database away: the run's line is logged all the same, and the next run records again. */
  private async record(write: () => Promise<void> | undefined): Promise<void> {
    try {
      await write();
    } catch (failure) {
      this.log(JSON.stringify({ jobRuns: 'not recorded', error: messageOf(failure) }));
    }
  }
}
