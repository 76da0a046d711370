import type { ReportMode } from '@/lib/reports/funnelFilter';
import type { CampaignFunnel } from '@/lib/reports/funnelReport';
import { campaignLabeller, type FunnelReportView as FunnelReportData } from '@/lib/reports/funnelReportView';
import { funnelCsvPath } from '@/lib/reports/reportCsv';
import { FunnelChart } from './FunnelChart';
import { FunnelFilterForm } from './FunnelFilterForm';
import { FunnelTable } from './FunnelTable';
import { SchemaDriftList } from './SchemaDriftList';
import { CspViolationList } from './CspViolationList';
import { OrderFiguresSection } from './OrderFiguresSection';
import { SubscriptionFiguresSection } from './SubscriptionFiguresSection';
import { CouponFiguresSection } from './CouponFiguresSection';
import { SignInWallSection } from './SignInWallSection';
import { ExperimentSection } from './ExperimentSection';
import { formatCount, formatPeriod } from './reportFormat';
import styles from './FunnelReportView.module.css';
import reportSection from './ReportSection.module.css';
import { DocumentTitle } from '@/components/shell/DocumentTitle';

export const FUNNEL_REPORT_PATH = '/admin/funnel';

const MODE_DESCRIPTIONS: Record<ReportMode, string> = {
  live: 'live traffic only',
  test: 'test traffic only',
  all: 'live and test traffic',
};

const TOTAL_MODE_LABELS: Record<ReportMode, string> = { live: 'Live', test: 'Test', all: 'Live and test' };

function CampaignSection({ campaign, label, mode }: { campaign: CampaignFunnel; label: string; mode: ReportMode }) {
  // Campaign ids are letters, digits, "-" and "_", so they make valid, distinct element ids.
  const headingId = campaign.campaignId === null ? 'no-campaign' : `campaign-${campaign.campaignId}`;
  const first = campaign.total.steps[0];
  const last = campaign.total.steps[campaign.total.steps.length - 1];
  return (
    <section className={styles.campaign} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.campaignName}>
        {label}
      </h2>
      {campaign.campaignId && label !== campaign.campaignId && (
        <p className={styles.campaignId}>
          Campaign <code>{campaign.campaignId}</code>
        </p>
      )}
      <p className={styles.headline}>
        <strong className={styles.overall}>{campaign.total.overall.label}</strong> overall conversion: {formatCount(last?.visitors ?? 0)} of{' '}
        {formatCount(first?.visitors ?? 0)} offer-page visitors reached {last?.label.toLowerCase() ?? 'the end'}.
      </p>
      <FunnelChart title={`Funnel of ${label}, ${MODE_DESCRIPTIONS[mode]}`} line={campaign.total} />
      <FunnelTable campaign={campaign} campaignLabel={label} totalModeLabel={TOTAL_MODE_LABELS[mode]} />
    </section>
  );
}

/**
 * The marketers' funnel report: filter, one chart and table per campaign, the counting
 * rules in words, the period's orders and subscriptions, and the schema drift the inspector found.
 * Server-rendered; the only interaction is the GET form.
 */
export function FunnelReportView({
  filter,
  campaignOptions,
  report,
  orders,
  subscriptions,
  drift,
  driftLimits,
  cspViolations,
  coupons,
  signInWall,
  experiments,
}: FunnelReportData) {
  // Campaigns events arrive for without one in the catalogue (an old or external campaign) show by id.
  const labelOf = campaignLabeller(campaignOptions);
  const period = formatPeriod(report.range.from, report.range.to);
  const scope = filter.campaignId ? labelOf(filter.campaignId) : 'all campaigns';
  return (
    <>
      <DocumentTitle title={`Funnel report · ${period}`} />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className={styles.header}>
        <span className={styles.product}>Subscriptions</span>
        <span className={styles.area}>Marketing reports</span>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <h1 className={styles.title}>Funnel report</h1>
        <p className={styles.lede}>
          Visitors reaching each step of the purchase journey, {period} (UTC), {scope}, {MODE_DESCRIPTIONS[filter.mode]}.
        </p>

        <FunnelFilterForm filter={filter} campaignOptions={campaignOptions} action={FUNNEL_REPORT_PATH} />
        <p className={styles.download}>
          <a href={funnelCsvPath(filter)} download>
            Download CSV
          </a>{' '}
          of every table of this report, for the filter shown.
        </p>

        <details className={`${reportSection.method} ${styles.method}`}>
          <summary>How visitors are counted</summary>
          <ul>
            <li>
              A visitor is one browsing session (a distinct session id). Without consent to store it, the session lasts as long as the page:
              moving through the journey keeps it, and so does paying through the bank&rsquo;s 3-D Secure page or a wallet (the page coming
              back continues the visit that sent the order). Only a reload or a link opened anew starts another, so one person may still
              count twice, never more often than they reloaded.
            </li>
            <li>
              A visitor counts at every step up to the furthest one their session reached during the period: someone who opens the cart from
              a link has passed the offer page and counts there too. So no step counts more visitors than the one before, and no conversion
              is above 100%.
            </li>
            <li>
              Conversion is a step&rsquo;s visitors divided by the step before&rsquo;s; overall is success over the offer page.
              &ldquo;—&rdquo; means nobody reached the step before.
            </li>
            <li>
              Waypoint events without a session id cannot be followed from step to step and are left out
              {report.sessionlessEvents > 0
                ? `: ${formatCount(report.sessionlessEvents)} in this period.`
                : '; there were none in this period.'}
            </li>
            <li>A visitor who came from two sources counts in each source&rsquo;s row, and once in the campaign&rsquo;s total.</li>
          </ul>
        </details>
        {report.sessionlessEvents > 0 && (
          <p className={styles.note}>
            {formatCount(report.sessionlessEvents)} waypoint {report.sessionlessEvents === 1 ? 'event' : 'events'} without a session id left
            out of the counts.
          </p>
        )}

        {report.campaigns.length === 0 ? (
          <section className={styles.empty} aria-labelledby="funnel-empty-heading">
            <h2 id="funnel-empty-heading">No funnel visits in this period</h2>
            <p>
              No visitor of {scope} reached the offer page, cart, card details or success page between {period} (
              {MODE_DESCRIPTIONS[filter.mode]}).
            </p>
            <p>Try a longer period{filter.mode === 'all' ? '' : ', or include both live and test traffic'}.</p>
          </section>
        ) : (
          report.campaigns.map((campaign) => (
            <CampaignSection key={campaign.campaignId ?? ''} campaign={campaign} label={labelOf(campaign.campaignId)} mode={filter.mode} />
          ))
        )}

        <SignInWallSection figures={signInWall} labelOf={labelOf} modeDescription={MODE_DESCRIPTIONS[filter.mode]} />
        <OrderFiguresSection orders={orders} labelOf={labelOf} scope={scope} modeDescription={MODE_DESCRIPTIONS[filter.mode]} />
        <ExperimentSection
          experiments={experiments}
          labelOf={labelOf}
          firstDay={filter.from}
          scope={scope}
          modeDescription={MODE_DESCRIPTIONS[filter.mode]}
          variant={filter.variant ?? null}
        />
        <SubscriptionFiguresSection
          subscriptions={subscriptions}
          lastDay={filter.to}
          scope={scope}
          modeDescription={MODE_DESCRIPTIONS[filter.mode]}
        />
        <CouponFiguresSection coupons={coupons} modeDescription={MODE_DESCRIPTIONS[filter.mode]} />
        <SchemaDriftList drift={drift} limits={driftLimits} />
        <CspViolationList violations={cspViolations} />
      </main>
    </>
  );
}
