import type { CspViolationSummary } from '@/lib/reports/funnelReportView';
import { formatCount, formatInstant } from './reportFormat';
import { ListTable } from './ListTable';
import styles from './SchemaDriftList.module.css';
import reportSection from './ReportSection.module.css';

/**
 * What browsers blocked under the Content-Security-Policy in the period: on a payment page,
 * a script that is not ours may be a skimmer (PCI DSS 11.6.1), so the team sees it here,
 * beside the funnel it could be costing.
 */
export function CspViolationList({ violations }: { violations: readonly CspViolationSummary[] }) {
  return (
    <section className={reportSection.section} aria-labelledby="csp-violations-heading">
      <h2 id="csp-violations-heading">Blocked scripts and content</h2>
      <p className={reportSection.intro}>
        What visitors’ browsers refused to load or run on our pages in this period, as they reported it (every campaign and mode). A script
        from an unknown origin on a payment page needs a look at once.
      </p>
      {violations.length === 0 ? (
        <p className={styles.clean}>Nothing was blocked in this period.</p>
      ) : (
        <ListTable
          label="Blocked scripts and content, by page"
          caption={`Content-Security-Policy violations: ${formatCount(violations.length)} kinds`}
          columns={['Page', 'Rule', 'Blocked', 'From', 'Last seen', { label: 'Times', number: true }]}
        >
          {violations.map((violation) => (
            <tr key={`${violation.page}|${violation.directive}|${violation.blocked}|${violation.disposition}`}>
              <th scope="row">
                <code>{violation.page}</code>
              </th>
              <td>
                <code>{violation.directive}</code>
                {violation.disposition === 'report' ? ' (reported only)' : ''}
              </td>
              <td>
                <code>{violation.blocked}</code>
              </td>
              <td>{violation.source ? <code>{violation.source}</code> : '—'}</td>
              <td>{formatInstant(violation.lastSeen)}</td>
              <td className={styles.number}>{formatCount(violation.count)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
