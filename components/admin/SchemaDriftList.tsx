import type { DriftLimits } from '@/lib/reports/funnelReportView';
import type { DriftKind, SchemaDriftEntry } from '@/lib/reports/schemaDrift';
import { formatCount, formatInstant } from './reportFormat';
import { ListTable } from './ListTable';
import styles from './SchemaDriftList.module.css';
import reportSection from './ReportSection.module.css';

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

/** What the list leaves out, in words; null when it is complete. */
export function driftCutNotice(limits: DriftLimits, shown: number): string | null {
  const parts: string[] = [];
  if (limits.shapesCut) {
    parts.push(
      `Only the ${formatCount(limits.shapesCompared)} most recently seen event shapes of this period were compared; older shapes are left out.`,
    );
  }
  if (limits.differencesFound > shown) {
    parts.push(`The list shows the ${formatCount(shown)} most recently seen of ${formatCount(limits.differencesFound)} differences.`);
  }
  return parts.length > 0 ? `${parts.join(' ')} Narrow the period to see the rest.` : null;
}

/**
 * Where the events the schema inspector saw differ from the event catalogue: the team's
 * early warning that a page sends something the funnel figures do not account for. The
 * list is bounded (the most recently seen shapes and differences) and says when it is cut.
 */
export function SchemaDriftList({ drift, limits }: { drift: readonly SchemaDriftEntry[]; limits: DriftLimits }) {
  const notice = driftCutNotice(limits, drift.length);
  return (
    <section className={reportSection.section} aria-labelledby="schema-drift-heading">
      <h2 id="schema-drift-heading">Schema drift</h2>
      <p className={reportSection.intro}>
        Event shapes the schema inspector saw in this period that differ from the event catalogue. Counts are since the shape was first
        seen.
      </p>
      {notice && (
        <p className={styles.cut} role="note">
          {notice}
        </p>
      )}
      {drift.length === 0 ? (
        <p className={styles.clean}>
          {limits.shapesCut
            ? `No drift among the ${formatCount(limits.shapesCompared)} most recently seen event shapes of this period.`
            : 'No drift: the event shapes seen in this period match the catalogue.'}
        </p>
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
          <ListTable
            label="Schema drift"
            caption={
              <>
                Schema drift: {formatCount(drift.length)} differences
                {limits.differencesFound > drift.length ? ` of ${formatCount(limits.differencesFound)}` : ''}
              </>
            }
            columns={['Event', 'Difference', 'Property', 'Expected', 'Seen', 'First seen', 'Last seen', { label: 'Times', number: true }]}
          >
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
          </ListTable>
        </>
      )}
    </section>
  );
}
