import type { DriftKind, SchemaDriftEntry } from '@/lib/server/reports/schemaDrift';
import { formatCount, formatInstant } from './reportFormat';
import styles from './SchemaDriftList.module.css';

const KIND_LABELS: Record<DriftKind, string> = {
  'unknown-event': 'Unknown event',
  'unexpected-property': 'Unexpected property',
  'missing-property': 'Missing property',
  'type-changed': 'Type changed',
};

const KIND_HINTS: Record<DriftKind, string> = {
  'unknown-event': 'an event name the catalogue does not list',
  'unexpected-property': 'sent, but not in the catalogue',
  'missing-property': 'in the catalogue, but none of the event’s shapes had it',
  'type-changed': 'sent with another type than the catalogue’s',
};

/**
 * Where the events the schema inspector saw differ from the event catalogue: the team's
 * early warning that a page sends something the funnel figures do not account for.
 */
export function SchemaDriftList({ drift }: { drift: readonly SchemaDriftEntry[] }) {
  return (
    <section className={styles.section} aria-labelledby="schema-drift-heading">
      <h2 id="schema-drift-heading">Schema drift</h2>
      <p className={styles.intro}>
        Event shapes the schema inspector saw in this period that differ from the event catalogue. Counts are since the shape was first seen.
      </p>
      {drift.length === 0 ? (
        <p className={styles.clean}>No drift: the event shapes seen in this period match the catalogue.</p>
      ) : (
        <>
          <dl className={styles.legend}>
            {(Object.keys(KIND_LABELS) as DriftKind[]).map((kind) => (
              <div key={kind}>
                <dt>{KIND_LABELS[kind]}</dt>
                <dd>{KIND_HINTS[kind]}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.scroll} role="region" aria-label="Schema drift" tabIndex={0}>
            <table className={styles.table}>
              <caption className="visually-hidden">Schema drift: {formatCount(drift.length)} differences</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Difference</th>
                  <th scope="col">Property</th>
                  <th scope="col">Expected</th>
                  <th scope="col">Seen</th>
                  <th scope="col">First seen</th>
                  <th scope="col">Last seen</th>
                  <th scope="col" className={styles.number}>
                    Times
                  </th>
                </tr>
              </thead>
              <tbody>
                {drift.map((entry) => (
                  <tr key={`${entry.eventName}|${entry.kind}|${entry.property ?? ''}|${entry.observedType ?? ''}`} data-kind={entry.kind}>
                    <th scope="row">
                      <code>{entry.eventName}</code>
                    </th>
                    <td>
                      <span className={`${styles.kind} ${styles[entry.kind] ?? ''}`}>{KIND_LABELS[entry.kind]}</span>
                    </td>
                    <td>{entry.property ? <code>{entry.property}</code> : '—'}</td>
                    <td>{entry.expectedType ? <code>{entry.expectedType}</code> : '—'}</td>
                    <td>{entry.observedType ? <code>{entry.observedType}</code> : '—'}</td>
                    <td>{formatInstant(entry.firstSeen)}</td>
                    <td>{formatInstant(entry.lastSeen)}</td>
                    <td className={styles.number}>{formatCount(entry.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
