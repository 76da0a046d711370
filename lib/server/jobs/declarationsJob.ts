import { reportOf, type Job, type JobBacklog, type JobName, type KickJob } from './Job';

/** One public page's background pass: what it is called, how it runs, and how its outcomes read. */
export interface DeclarationsPass<Outcome extends { kind: string }> {
  name: JobName;
  intervalMs: number;
  /** The page its lines are logged under, e.g. `[cancel-page]`. */
  page: string;
  pass: () => Promise<Outcome[]>;
  /** Whether an outcome queued a mail: the mail job is kicked, so that it goes now, not at the next poll. */
  queuedMail: (outcome: Outcome) => boolean;
  /** An outcome as its line shows it (ids and counts only: no address). */
  line: (outcome: Outcome) => string;
  backlog: () => Promise<JobBacklog>;
}

/**
 * The job of a public page whose request only records a declaration (the cancel page, the
 * withdrawal page): the page kicks it after answering, and it runs every intervalMs for the
 * declarations no kick reached. Each outcome keeps a line of its own, as the tests and
 * operators read them; the runner logs the run's counts (JobRunner).
 */
export function declarationsJob<Outcome extends { kind: string }>(
  context: { jobs: { kick: KickJob } },
  declarations: DeclarationsPass<Outcome>,
  log: (line: string) => void = (line) => console.info(line),
): Job {
  return {
    name: declarations.name,
    intervalMs: declarations.intervalMs,
    async run() {
      const outcomes = await declarations.pass();
      if (outcomes.some(declarations.queuedMail)) void context.jobs.kick('mail');
      for (const outcome of outcomes) log(`${declarations.page} ${declarations.line(outcome)}`);
      return reportOf(outcomes);
    },
    backlog: declarations.backlog,
  };
}
