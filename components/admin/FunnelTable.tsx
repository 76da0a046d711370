import type { CampaignFunnel, FunnelLine } from '@/lib/reports/funnelReport';
import { formatCount } from './reportFormat';
import reportTable from './ReportTable.module.css';
import styles from './FunnelTable.module.css';

interface FunnelTableProps {
  campaign: CampaignFunnel;
  /** The campaign as named above the table, for the caption. */
  campaignLabel: string;
  /** The mode the totals cover: "Live", "Test" or "Live and test". */
  totalModeLabel: string;
}

function StepCells({ line }: { line: FunnelLine }) {
  return (
    <>
      {line.steps.map((step) => (
        <td key={step.stepId} className={styles.number}>
          {formatCount(step.visitors)}
          {step.fromPrevious && (
            <span className={styles.rate}>
              <span className="visually-hidden">, </span>
              {step.fromPrevious.ratio === null ? (
                <>
                  <span aria-hidden="true">{step.fromPrevious.label}</span>
                  <span className="visually-hidden">nobody at the step before</span>
                </>
              ) : (
                <>
                  {step.fromPrevious.label}
                  <span className="visually-hidden"> of the step before</span>
                </>
              )}
            </span>
          )}
        </td>
      ))}
      <td className={styles.number}>
        <strong>{line.overall.label}</strong>
      </td>
    </>
  );
}

/**
 * The chart's numbers as a table, one row per source × live/test split and the campaign's
 * total last. Each step shows its visitors and, below, the conversion from the step before.
 */
export function FunnelTable({ campaign, campaignLabel, totalModeLabel }: FunnelTableProps) {
  return (
    <div className={styles.scroll} role="region" aria-label={`Visitors per step, ${campaignLabel}`} tabIndex={0}>
      <table className={styles.table}>
        <caption className={reportTable.caption}>Visitors per step by source and mode: {campaignLabel}</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Mode</th>
            {campaign.total.steps.map((step) => (
              <th key={step.stepId} scope="col" className={styles.number}>
                {step.label}
              </th>
            ))}
            <th scope="col" className={styles.number}>
              Overall
            </th>
          </tr>
        </thead>
        <tbody>
          {campaign.splits.map((split) => (
            <tr key={`${split.sourceLabel}|${split.livemode ? 'live' : 'test'}`}>
              <th scope="row" className={split.source === null ? reportTable.direct : undefined}>
                {split.sourceLabel}
              </th>
              <td>{split.livemode ? 'Live' : <span className={reportTable.test}>Test</span>}</td>
              <StepCells line={split} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All sources</th>
            <td>{totalModeLabel}</td>
            <StepCells line={campaign.total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
