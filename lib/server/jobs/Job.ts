import type { JobName } from '@/lib/operators/jobViews';

export type { JobName };

/** What one run of a job did: the items it handled, of which this many failed (each left for a later run). */
export interface JobReport {
  items: number;
  failures: number;
}

/** The work waiting for a job: how many items, and since when the oldest has waited (null when none). */
export interface JobBacklog {
  waiting: number;
  oldestAt: Date | null;
}

/**
 * One kind of background work, run by the JobRunner: on its interval, and when kicked.
 * `run` handles what is due and answers its counts (a failure of one item is counted, not
 * thrown; a throw is the whole run failing); `backlog` answers what waits, from one cheap
 * indexed query, for /admin/jobs.
 */
export interface Job {
  name: JobName;
  /** Every this many ms a run; 0: only the first, at start, and when kicked. */
  intervalMs: number;
  /** The job whose every run kicks this one, for one with no interval of its own: it runs as often as that one. */
  kickedBy?: JobName;
  run(): Promise<JobReport>;
  backlog(): Promise<JobBacklog>;
  /** Asks a run under way to end soon (the runner stops): the mail job gives back what it claimed. */
  stop?(): void;
}

/** Asks the runner for a run of a job soon; resolves when it has ended, never rejects. */
export type KickJob = (name: JobName) => Promise<void>;

/** Counts outcomes whose kind says they were left for a later run. */
export function reportOf(outcomes: readonly { kind: string }[], failed: (kind: string) => boolean = (kind) => kind === 'left'): JobReport {
  return { items: outcomes.length, failures: outcomes.filter((outcome) => failed(outcome.kind)).length };
}
