import { ErrorView } from '@/components/ui/ErrorView';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import type { JobsPageProps, JobView } from '@/lib/operators/jobViews';
import { BackOfficeFrame } from './BackOfficeFrame';
import { careWhen } from './careWords';
import { agoWords, spanWords } from './jobWords';
import styles from './BackOffice.module.css';

/**
 * /admin/jobs: every background job, whether it runs, how its last run went (on whichever
 * instance) and what waits for it, so that an operator sees a stuck or late job without
 * reading the servers' logs. Read only: the jobs run by themselves.
 */
export function JobsView(props: JobsPageProps | BackOfficeRefusal) {
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  const { operator, now, jobs } = props;
  const behind = jobs.filter((job) => job.behind);
  return (
    <BackOfficeFrame title="Background jobs" operator={operator}>
      <section className={styles.card}>
        <h1>Background jobs</h1>
        <p>
          Every server runs these jobs by itself, on its schedule and whenever a request leaves work for one. Each row shows the last run on
          any server, and the work that waits. Times are in UTC, as of {careWhen(now)}.
        </p>
        {behind.length > 0 && (
          <p className={styles.alert} role="alert">
            Behind: {behind.map((job) => job.title).join('; ')}. No server has run {behind.length === 1 ? 'it' : 'them'} for several of its
            intervals: check that the servers are up and read their logs.
          </p>
        )}
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Background jobs, their last run and their backlog</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Runs</th>
                <th scope="col">Last run</th>
                <th scope="col">Took</th>
                <th scope="col">Items</th>
                <th scope="col">Failed</th>
                <th scope="col">Last error</th>
                <th scope="col">Waiting</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <JobRow key={job.name} job={job} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </BackOfficeFrame>
  );
}

function JobRow({ job, now }: { job: JobView; now: string }) {
  const run = job.lastRun;
  return (
    <tr>
      <th scope="row">
        {job.title}
        <br />
        <code>{job.name}</code>
      </th>
      <td>{job.intervalMs === null ? 'Not on a schedule here' : `Every ${spanWords(job.intervalMs)}`}</td>
      <td>{run ? <time dateTime={run.startedAt}>{`${agoWords(run.startedAt, now)} (${careWhen(run.startedAt)})`}</time> : 'Never'}</td>
      <td>{run?.durationMs == null ? (run ? 'Still running' : '—') : spanWords(run.durationMs)}</td>
      <td>{run?.items ?? '—'}</td>
      <td>{run?.failures ?? '—'}</td>
      <td>{run?.error ? <code>{run.error}</code> : 'None'}</td>
      <td>{backlogWords(job.backlog, now)}</td>
      <td>{job.behind ? <strong>Behind</strong> : run?.error ? 'Last run failed' : 'On time'}</td>
    </tr>
  );
}

function backlogWords(backlog: JobView['backlog'], now: string): string {
  if (!backlog) return 'Could not be read';
  if (backlog.waiting === 0) return 'Nothing';
  const oldest = backlog.oldestAt ? `, the oldest for ${spanWords(Date.parse(now) - Date.parse(backlog.oldestAt))}` : '';
  return `${backlog.waiting} waiting${oldest}`;
}
