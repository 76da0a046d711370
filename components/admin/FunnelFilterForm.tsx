import { CONTROL_KEY, VARIANT_KEYS } from '@/lib/experiments/experiment';
import type { FunnelFilter, ReportMode } from '@/lib/reports/funnelFilter';
import type { CampaignOption } from '@/lib/reports/funnelReportView';
import styles from './FunnelFilterForm.module.css';

const MODE_LABELS: Record<ReportMode, string> = {
  live: 'Live only',
  test: 'Test only',
  all: 'Live and test',
};

interface FunnelFilterFormProps {
  filter: FunnelFilter;
  campaignOptions: readonly CampaignOption[];
  /** Where the form goes: the report's own path. */
  action: string;
}

/**
 * The report's filter as a plain GET form: every choice is in the URL, so a report can be
 * bookmarked and shared, and the page works without JavaScript.
 */
export function FunnelFilterForm({ filter, campaignOptions, action }: FunnelFilterFormProps) {
  // A campaign asked for by URL that the catalogue no longer lists stays selectable.
  const options =
    filter.campaignId && !campaignOptions.some((option) => option.campaignId === filter.campaignId)
      ? [...campaignOptions, { campaignId: filter.campaignId, label: filter.campaignId }]
      : campaignOptions;
  return (
    <form className={styles.form} method="get" action={action} aria-label="Report filter">
      <div className={styles.field}>
        <label htmlFor="funnel-from">From</label>
        <input id="funnel-from" className={styles.input} type="date" name="from" defaultValue={filter.from} required />
      </div>
      <div className={styles.field}>
        <label htmlFor="funnel-to">To</label>
        <input id="funnel-to" className={styles.input} type="date" name="to" defaultValue={filter.to} required />
      </div>
      <div className={`${styles.field} ${styles.wide}`}>
        <label htmlFor="funnel-campaign">Campaign</label>
        <select id="funnel-campaign" className={styles.input} name="campaign" defaultValue={filter.campaignId ?? ''}>
          <option value="">All campaigns</option>
          {options.map((option) => (
            <option key={option.campaignId} value={option.campaignId}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="funnel-mode">Traffic</label>
        <select id="funnel-mode" className={styles.input} name="mode" defaultValue={filter.mode}>
          {(Object.keys(MODE_LABELS) as ReportMode[]).map((mode) => (
            <option key={mode} value={mode}>
              {MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="funnel-variant">Variant</label>
        <select id="funnel-variant" className={styles.input} name="variant" defaultValue={filter.variant ?? ''}>
          <option value="">All variants</option>
          {VARIANT_KEYS.map((key) => (
            <option key={key} value={key}>
              {key === CONTROL_KEY ? `${key} (control)` : key}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="funnel-source">Source</label>
        <input
          id="funnel-source"
          className={styles.input}
          name="source"
          defaultValue={filter.source ?? ''}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="funnel-filter-hint"
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.submit}>
          Show report
        </button>
        <a href={action} className={styles.reset}>
          Reset
        </a>
      </div>
      <p id="funnel-filter-hint" className={styles.hint}>
        Days are UTC and both ends are included. A source (as in <code>?source=</code>) narrows the funnel, orders and experiments; the
        variant, the experiment tables only.
      </p>
    </form>
  );
}
