import type { VariantKey } from '@/lib/experiments/experiment';
import { MIN_ORDERS_PER_VARIANT, MIN_VISITORS_PER_VARIANT } from '@/lib/experiments/verdict';
import {
  EXPERIMENT_STATUS_LABELS,
  noVariantsText,
  type ExperimentReport,
  type ExperimentVariantLine,
} from '@/lib/reports/experimentReport';
import { FUNNEL_STEPS } from '@/lib/reports/funnelReport';
import { FiguresTable, type FiguresColumn } from './FiguresTable';
import { formatAmount, formatCount, formatDay, formatInstant } from './reportFormat';
import reportSection from './ReportSection.module.css';
import styles from './ExperimentSection.module.css';

interface ExperimentSectionProps {
  experiments: readonly ExperimentReport[];
  /** How the report names a campaign (its brand and path, or its id). */
  labelOf: (campaignId: string) => string;
  /** The period's first day (YYYY-MM-DD), for an experiment that started before it. */
  firstDay: string;
  /** The report's scope and mode in words, for the empty state: "all campaigns", "live traffic only". */
  scope: string;
  modeDescription: string;
  /** The filter's variant, when it narrows the tables to one. */
  variant: VariantKey | null;
}

/**
 * A figure's second line: visible as it is, read after a pause and with what it is of. The
 * spaces sit in the text between the spans, where a computed accessible name keeps them.
 */
function Detail({ text, of }: { text: string; of?: string }) {
  return (
    <span className={styles.detail}>
      <span className="visually-hidden">,</span> {text}
      {of && (
        <>
          {' '}
          <span className="visually-hidden">{of}</span>
        </>
      )}
    </span>
  );
}

const variantColumn: FiguresColumn<ExperimentVariantLine> = {
  label: 'Variant',
  cell: (line) => (
    <>
      {line.key}
      {line.control ? ' (control)' : ''}
      <Detail text={`version ${line.version} · ${line.weight}%`} of="of the visitors" />
    </>
  ),
};

const count = (label: string, value: (line: ExperimentVariantLine) => number): FiguresColumn<ExperimentVariantLine> => ({
  label,
  number: true,
  cell: (line) => formatCount(value(line)),
});

/** Sessions at each step and, below, their share of the variant's offer-page sessions. */
const stepColumns: FiguresColumn<ExperimentVariantLine>[] = FUNNEL_STEPS.map((step, index) => ({
  label: step.label,
  number: true,
  cell: (line) => {
    const figure = line.steps[index];
    if (!figure) return '—';
    return (
      <>
        {formatCount(figure.sessions)}
        {figure.fromOffer && <Detail text={figure.fromOffer.label} of="of the offer page's sessions" />}
      </>
    );
  },
}));

const figureColumns: FiguresColumn<ExperimentVariantLine>[] = [
  count('Visitors', (line) => line.visitors),
  ...stepColumns,
  count('Orders', (line) => line.orders),
  { label: 'Order rate', number: true, cell: (line) => line.orderRate.label },
  {
    label: 'Revenue per visitor (net of tax)',
    number: true,
    cell: (line) =>
      line.revenuePerVisitor.length === 0
        ? '—'
        : line.revenuePerVisitor.map((money) => (
            <span key={money.currencyCode} className={styles.amount}>
              {formatAmount(money.amount, money.currencyCode)}
            </span>
          )),
  },
  { label: 'Chance of being best', number: true, cell: (line) => line.probabilityBest?.label ?? '—' },
];

/** What the experiment is and where it stands: campaign, status, dates, the variant it kept. */
function about(experiment: ExperimentReport, campaignLabel: string, firstDay: string): string {
  const parts = [
    `${campaignLabel}. ${EXPERIMENT_STATUS_LABELS[experiment.status]}, started ${formatInstant(experiment.startedAt)}`,
    experiment.stoppedAt ? `, stopped ${formatInstant(experiment.stoppedAt)}` : '',
    experiment.winnerKey ? `; variant ${experiment.winnerKey} kept (version ${experiment.winnerVersion ?? '?'})` : '',
    '.',
  ];
  if (experiment.startsBeforePeriod) {
    parts.push(` It started before ${formatDay(firstDay)}: visitors enrolled earlier are not counted, their orders in this period are.`);
  }
  return parts.join('');
}

function ExperimentTable({
  experiment,
  campaignLabel,
  firstDay,
}: {
  experiment: ExperimentReport;
  campaignLabel: string;
  firstDay: string;
}) {
  return (
    <div className={styles.experiment} data-testid={`experiment-${experiment.experimentId}`}>
      <p className={styles.about}>{about(experiment, campaignLabel, firstDay)}</p>
      <FiguresTable<ExperimentVariantLine>
        caption={`Experiment: ${experiment.name}`}
        lineColumns={[variantColumn]}
        figures={figureColumns}
        lines={experiment.variants}
        keyOf={(line) => line.key}
        empty={noVariantsText(experiment)}
      />
      <p className={styles.verdict}>
        <strong>Verdict:</strong> {experiment.verdict}
      </p>
    </div>
  );
}

/**
 * The A/B tests of the period: per experiment, each variant's enrolled visitors, how far
 * their sessions went, their orders and revenue, and the chance each has the best order
 * rate, with the verdict in words (lib/reports/experimentReport.ts).
 */
export function ExperimentSection({ experiments, labelOf, firstDay, scope, modeDescription, variant }: ExperimentSectionProps) {
  return (
    <section className={reportSection.section} aria-labelledby="experiments-heading">
      <h2 id="experiments-heading">Experiments</h2>
      <p className={reportSection.intro}>
        A/B tests that ran in this period ({modeDescription}): each variant&rsquo;s visitors, how far their sessions went, their orders, and
        the chance that it has the best order rate.
        {variant && ` Variant ${variant} only: the tables above count every visitor.`}
      </p>
      <details className={`${reportSection.method} ${reportSection.sectionMethod}`}>
        <summary>How experiments are counted</summary>
        <ul>
          <li>
            Visitors are those enrolled in the variant during the period: visitors who consented to analytics, on their first visit to the
            offer page. Each keeps their variant.
          </li>
          <li>
            The steps count the sessions whose pages showed the variant, at every step up to the furthest they reached, as the funnel does;
            below each, its share of the sessions at the offer page.
          </li>
          <li>
            Orders are the paid purchases of enrolled visitors placed in the period; the order rate is orders per visitor. Revenue per
            visitor is their totals less tax per visitor, one line per currency: amounts in different currencies are never added together.
          </li>
          <li>
            The chance of being best is the probability that the variant&rsquo;s order rate is the highest of the experiment&rsquo;s (a
            Bayesian estimate). A leader is named once every variant has {MIN_VISITORS_PER_VARIANT} visitors and {MIN_ORDERS_PER_VARIANT}{' '}
            orders; before that the chances still swing from day to day.
          </li>
          <li>For a verdict, choose a period that starts on or before the day the experiment started.</li>
        </ul>
      </details>
      {experiments.length === 0 ? (
        <div className={reportSection.empty}>
          <h3>No experiments in this period</h3>
          <p>
            No experiment of {scope} ran in this period ({modeDescription}).
          </p>
        </div>
      ) : (
        experiments.map((experiment) => (
          <ExperimentTable
            key={experiment.experimentId}
            experiment={experiment}
            campaignLabel={labelOf(experiment.campaignId)}
            firstDay={firstDay}
          />
        ))
      )}
    </section>
  );
}
