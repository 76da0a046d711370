import type {
  ActiveSubscribersLine,
  BrandLine,
  CancellationsLine,
  CollectedLine,
  RecurringRevenueLine,
  RenewalsLine,
  SubscriptionFiguresReport,
} from '@/lib/reports/subscriptionFigures';
import { FiguresTable, type FiguresColumn } from './FiguresTable';
import { formatAmount, formatCount, formatDay } from './reportFormat';
import reportSection from './ReportSection.module.css';
import reportTable from './ReportTable.module.css';

interface SubscriptionFiguresSectionProps {
  subscriptions: SubscriptionFiguresReport;
  /** The period's last day (YYYY-MM-DD): the subscribers are counted at its end. */
  lastDay: string;
  /** The report's scope and mode in words, for the empty state: "all campaigns", "live traffic only". */
  scope: string;
  modeDescription: string;
}

const brand: FiguresColumn<BrandLine> = { label: 'Brand', cell: (line) => line.brandLabel };
const mode: FiguresColumn<BrandLine> = {
  label: 'Mode',
  cell: (line) => (line.livemode ? 'Live' : <span className={reportTable.test}>Test</span>),
};
const currency: FiguresColumn<{ currencyCode: string }> = { label: 'Currency', cell: (line) => line.currencyCode };
const count = <Line,>(label: string, value: (line: Line) => number): FiguresColumn<Line> => ({
  label,
  number: true,
  cell: (line) => formatCount(value(line)),
});
/** Money in the line's own currency, never another's. */
const money = <Line extends { currencyCode: string }>(label: string, value: (line: Line) => number): FiguresColumn<Line> => ({
  label,
  number: true,
  cell: (line) => formatAmount(value(line), line.currencyCode),
});

const brandKey = (line: BrandLine) => `${line.brandSlug}|${line.livemode ? 'live' : 'test'}`;
const currencyKey = (line: BrandLine & { currencyCode: string }) => `${brandKey(line)}|${line.currencyCode}`;

function isEmpty(figures: SubscriptionFiguresReport): boolean {
  return [figures.activeSubscribers, figures.recurringRevenue, figures.renewals, figures.cancellations, figures.collected].every(
    (lines) => lines.length === 0,
  );
}

function Method() {
  return (
    <details className={`${reportSection.method} ${reportSection.sectionMethod}`}>
      <summary>How subscriptions are counted</summary>
      <ul>
        <li>
          Active subscribers are counted at the end of the period (midnight UTC after its last day): subscriptions started by then that are
          in their trial, paying or past due (a renewal failed; it is being tried again, or waits for another card). A cancelled
          subscription counts as paying until the end of the period it paid for. The counts come from each subscription as it is now, so for
          a period that ended in the past, a subscription that has ended since is not counted.
        </li>
        <li>
          Monthly recurring revenue is what the paying and past-due subscriptions active at the end of the period renew for, before tax, per
          month: a yearly subscription counts a twelfth of its price, rounded to a whole cent once per line. Trials count once they pay.
        </li>
        <li>
          Renewals count in the period their outcome was recorded. Paid: the renewal was charged (the amount with tax). Recovered: paid
          after a failed try, and included in paid. Failed: the renewal failed and has not been paid since; the tries of one period count
          once.
        </li>
        <li>
          Cancellations are those declared in the period and not withdrawn since, by the reason the subscriber chose on the cancel page.
          &ldquo;Other&rdquo; is a reason in the subscriber&rsquo;s own words (the public cancel page asks for those). Ended unpaid:
          subscriptions that ended in the period because their renewal stayed unpaid after the last try.
        </li>
        <li>
          Money collected is what paid orders and renewals brought in (totals with tax) by the calendar month (UTC) their payment was
          recorded in; the first and last months count only the days in the period.
        </li>
        <li>Amounts in different currencies are never added together, nor live and test: each has its own line.</li>
      </ul>
    </details>
  );
}

/**
 * The subscriptions behind the period's orders: who subscribes at its end, what renewed,
 * who cancelled and why, recurring revenue and the money collected each month, a table per
 * figure, per brand and live/test (and currency for money).
 */
export function SubscriptionFiguresSection({ subscriptions, lastDay, scope, modeDescription }: SubscriptionFiguresSectionProps) {
  const end = formatDay(lastDay);
  return (
    <section className={reportSection.section} aria-labelledby="subscription-figures-heading">
      <h2 id="subscription-figures-heading">Subscriptions</h2>
      <p className={reportSection.intro}>
        Subscribers at the end of this period, and the period&rsquo;s renewals, cancellations and money collected, by brand, live or test,
        and currency.
      </p>
      <Method />
      {isEmpty(subscriptions) ? (
        <div className={reportSection.empty}>
          <h3>No subscriptions in this period.</h3>
          <p>
            No subscription of {scope} was active at its end, renewed, cancelled or paid for in this period ({modeDescription}).
          </p>
        </div>
      ) : (
        <>
          <FiguresTable<ActiveSubscribersLine>
            caption={`Active subscribers at the end of ${end}`}
            lineColumns={[brand, mode]}
            figures={[
              count('In trial', (line) => line.trialing),
              count('Paying', (line) => line.paying),
              count('Past due', (line) => line.pastDue),
              count('Total', (line) => line.total),
            ]}
            lines={subscriptions.activeSubscribers}
            keyOf={brandKey}
            empty="none."
          />
          <FiguresTable<RecurringRevenueLine>
            caption={`Monthly recurring revenue at the end of ${end}`}
            lineColumns={[brand, mode, currency]}
            figures={[count('Subscriptions', (line) => line.subscriptions), money('Per month', (line) => line.monthlyRevenue)]}
            lines={subscriptions.recurringRevenue}
            keyOf={currencyKey}
            empty="no paying subscription."
          />
          <FiguresTable<RenewalsLine>
            caption="Renewals"
            lineColumns={[brand, mode, currency]}
            figures={[
              { label: 'Paid', columns: [count('Renewals', (line) => line.paid), money('Amount', (line) => line.paidAmount)] },
              {
                label: 'Of which recovered',
                columns: [count('Renewals', (line) => line.recovered), money('Amount', (line) => line.recoveredAmount)],
              },
              { label: 'Failed', columns: [count('Renewals', (line) => line.failed)] },
            ]}
            lines={subscriptions.renewals}
            keyOf={currencyKey}
            empty="no renewal was paid or failed in this period."
          />
          <FiguresTable<CancellationsLine>
            caption="Cancellations by reason, and subscriptions ended unpaid"
            lineColumns={[brand, mode]}
            figures={[
              { label: 'Cancellations', columns: [count('All', (line) => line.cancellations)] },
              {
                label: 'By reason',
                columns: subscriptions.reasonGroups.map((reason, index) => count(reason, (line) => line.byReason[index] ?? 0)),
              },
              { label: 'Ended unpaid', columns: [count('Subscriptions', (line) => line.endedUnpaid)] },
            ]}
            lines={subscriptions.cancellations}
            keyOf={brandKey}
            empty="no subscription was cancelled or ended unpaid in this period."
          />
          <FiguresTable<CollectedLine>
            caption="Money collected per month"
            lineColumns={[brand, mode, currency, { label: 'Month', cell: (line) => line.monthLabel }]}
            figures={[
              money('Purchases', (line) => line.purchases),
              money('Renewals', (line) => line.renewals),
              money('Total', (line) => line.total),
            ]}
            lines={subscriptions.collected}
            keyOf={(line) => `${currencyKey(line)}|${line.month}`}
            empty="nothing was paid in this period."
          />
        </>
      )}
    </section>
  );
}
