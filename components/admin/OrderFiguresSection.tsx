import type { OrderFiguresReport } from '@/lib/reports/orderFigures';
import { OrderFiguresTable } from './OrderFiguresTable';
import reportSection from './ReportSection.module.css';

interface OrderFiguresSectionProps {
  orders: OrderFiguresReport;
  /** How the report names a campaign (its brand and path, or its id). */
  labelOf: (campaignId: string) => string;
  /** The report's scope and mode in words, for the empty state: "all campaigns", "live traffic only". */
  scope: string;
  modeDescription: string;
}

/**
 * What the period's orders brought in, beside the funnel that led to them: revenue, promo
 * codes, declines and 3-D Secure, one table per campaign. Money is never added across
 * currencies nor live to test; each such pair has its own line.
 */
export function OrderFiguresSection({ orders, labelOf, scope, modeDescription }: OrderFiguresSectionProps) {
  return (
    <section className={reportSection.section} aria-labelledby="order-figures-heading">
      <h2 id="order-figures-heading">Orders</h2>
      <p className={reportSection.intro}>
        Orders placed in this period, by source, live or test, and currency: what was paid, the promo codes used, the declines and 3-D
        Secure.
      </p>
      <details className={`${reportSection.method} ${reportSection.sectionMethod}`}>
        <summary>How orders are counted</summary>
        <ul>
          <li>An order counts in the period it was placed in (UTC), whatever became of it since.</li>
          <li>
            Paid orders are those whose payment succeeded; revenue is their total after discounts and with tax, in the order&rsquo;s
            currency.
          </li>
          <li>Promo codes: paid orders with a promo code, and the discount those codes gave.</li>
          <li>
            Declines: orders whose payment failed, for any reason (the bank declined, 3-D Secure failed, the buyer left a wallet without
            approving), with the most common reasons.
          </li>
          <li>
            3-D Secure: card orders the bank asked to authenticate, and what became of them: paid, failed authentication, declined after
            authenticating for another reason, or not finished yet. Orders placed before this was recorded count as not asked.
          </li>
          <li>Amounts in different currencies are never added together, nor live and test orders: each has its own line.</li>
        </ul>
      </details>
      {orders.campaigns.length === 0 ? (
        <div className={reportSection.empty}>
          <h3>No orders in this period</h3>
          <p>
            No order of {scope} was paid, declined or asked for 3-D Secure in this period ({modeDescription}).
          </p>
        </div>
      ) : (
        orders.campaigns.map((campaign) => (
          <OrderFiguresTable key={campaign.campaignId} campaign={campaign} campaignLabel={labelOf(campaign.campaignId)} />
        ))
      )}
    </section>
  );
}
