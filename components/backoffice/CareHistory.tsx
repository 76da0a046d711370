import type { CareEventView, CareMailView } from '@/lib/operators/careViews';
import { careWhen } from './careWords';
import styles from './BackOffice.module.css';

const MAIL_STATUS: Record<string, string> = { pending: 'Waiting to be sent', sent: 'Sent', failed: 'Could not be sent' };

/** What we e-mailed the customer (the mail queue, newest first) and what happened, oldest first. */
export function CareHistory({ mails, events }: { mails: CareMailView[]; events: CareEventView[] }) {
  return (
    <>
      <section className={styles.card} aria-labelledby="care-mails">
        <h2 id="care-mails">E-mails sent</h2>
        {mails.length === 0 ? (
          <p>No e-mail was sent to the customer’s addresses.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">E-mails to the customer, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When (UTC)</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Subject</th>
                  <th scope="col">To</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {mails.map((m) => (
                  <tr key={m.id}>
                    <td>{careWhen(m.createdAt)}</td>
                    <td>{m.kind}</td>
                    <td>{m.subject}</td>
                    <td>{m.to}</td>
                    <td>
                      {MAIL_STATUS[m.status] ?? m.status}
                      {m.sentAt && <div className={styles.who}>{careWhen(m.sentAt)}</div>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={styles.card} aria-labelledby="care-events">
        <h2 id="care-events">History</h2>
        <ol className={styles.events}>
          {events.map((e, index) => (
            <li key={`${e.at}-${index}`}>
              <time dateTime={e.at}>{careWhen(e.at)}</time> {e.text}
              <div className={styles.who}>
                By {e.by}
                {e.clockAt && <> · test clock {careWhen(e.clockAt)}</>}
                {e.reconstructed && <> · rebuilt from older records</>}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
