import { ErrorView } from '@/components/ui/ErrorView';
import type { AuditPageProps, BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { BackOfficeFrame } from './BackOfficeFrame';
import styles from './BackOffice.module.css';

/** /admin/audit: every operator action, newest first; the log has no way to change or remove an entry. */
export function AuditLogView(props: AuditPageProps | BackOfficeRefusal) {
  if ('kind' in props) return <ErrorView title={props.title} message={props.message} />;
  return (
    <BackOfficeFrame title="Audit log" operator={props.operator}>
      <section className={styles.card}>
        <h1>Audit log</h1>
        <p>Who did what, when, with the state before and after. Entries are only ever added.</p>
        {props.entries.length === 0 ? (
          <p>Nothing has been recorded yet.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Audit log entries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">When (UTC)</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">On</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {props.entries.map((e) => (
                  <tr key={e.seq}>
                    <td>{e.seq}</td>
                    <td>{e.at.replace('T', ' ').slice(0, 19)}</td>
                    <td>
                      {e.actor}
                      {e.client && <div className={styles.who}>from {e.client}</div>}
                    </td>
                    <td>{e.action}</td>
                    <td>
                      <code>{e.target ?? '—'}</code>
                    </td>
                    <td>
                      <code>{e.before ?? '—'}</code>
                    </td>
                    <td>
                      <code>{e.after ?? '—'}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {props.olderThan !== null && (
          <p>
            <a className={styles.link} href={`/admin/audit?before=${props.olderThan}`}>
              Older entries
            </a>
          </p>
        )}
      </section>
    </BackOfficeFrame>
  );
}
