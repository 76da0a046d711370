import type { OperatorView } from './backOfficeViews';

/** The background jobs every instance runs (lib/server/jobs), by the name their log line and /admin/jobs give. */
export const JOB_NAMES = [
  'renewals',
  'waiting-withdrawals',
  'cancel-declarations',
  'public-withdrawals',
  'mail',
  'stuck-attempts',
  'provider-settling',
  'refunds',
  'campaign-schedules',
  'purge',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** What each job does, in the operator's words. */
export const JOB_TITLES: Record<JobName, string> = {
  renewals: 'Renewals, retries and ends that are due',
  'waiting-withdrawals': 'Withdrawals whose objection window has passed',
  'cancel-declarations': 'Cancellations declared on the public cancel page',
  'public-withdrawals': 'Withdrawals declared on the public withdrawal page',
  mail: 'Queued e-mails',
  'stuck-attempts': 'Checkout attempts left without an answer',
  'provider-settling': 'PayPal renewals to pause or resume',
  refunds: 'Refunds left pending at a provider',
  'campaign-schedules': 'Campaign versions scheduled to be published',
  purge: 'Rows past their retention age',
};

/** What /admin/jobs is given (JSON: no undefined, no Date). */
export interface JobRunView {
  startedAt: string;
  /** Null while the run is under way (or its instance stopped during it). */
  finishedAt: string | null;
  durationMs: number | null;
  items: number | null;
  failures: number | null;
  error: string | null;
  instance: string;
}

export interface JobView {
  name: JobName;
  title: string;
  /** How often each instance runs it; null when it runs only when kicked or at start, or is switched off here. */
  intervalMs: number | null;
  lastRun: JobRunView | null;
  /** How many items wait for it, and since when the oldest (ISO); null when it could not be read. */
  backlog: { waiting: number; oldestAt: string | null } | null;
  /** Its last run started longer ago than a few intervals: no instance runs it as it should. */
  behind: boolean;
}

export interface JobsPageProps {
  operator: OperatorView;
  /** When the page was made (ISO), for the ages it shows. */
  now: string;
  jobs: JobView[];
}
