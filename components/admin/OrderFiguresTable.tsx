import type { CampaignOrderFigures, OrderFigures } from '@/lib/reports/orderFigures';
import { formatAmount, formatCount } from './reportFormat';
import styles from './OrderFiguresTable.module.css';

interface OrderFiguresTableProps {
  campaign: CampaignOrderFigures;
  /** The campaign as the report names it, for the caption. */
  campaignLabel: string;
}

function ModeCell({ livemode }: { livemode: boolean }) {
  return <td>{livemode ? 'Live' : <span className={styles.test}>Test</span>}</td>;
}

function DeclineReasons({ line }: { line: OrderFigures }) {
  if (line.declinedOrders === 0) return <>—</>;
  return (
    <ul className={styles.reasons}>
      {line.declineReasons.map((reason) => (
        <li key={reason.failureCode ?? ''}>
          {reason.label}: {formatCount(reason.orders)}
        </li>
      ))}
      {line.otherDeclines > 0 && <li>Other reasons: {formatCount(line.otherDeclines)}</li>}
    </ul>
  );
}

/** A line's figures after its source, mode and currency: money in its own currency, counts as counts. */
function FigureCells({ line }: { line: OrderFigures }) {
  const { authentication } = line;
  return (
    <>
      <td className={styles.number}>{formatCount(line.paidOrders)}</td>
      <td className={styles.number}>{formatAmount(line.revenue, line.currencyCode)}</td>
      <td className={styles.number}>{formatCount(line.promoOrders)}</td>
      <td className={styles.number}>{formatAmount(line.promoDiscount, line.currencyCode)}</td>
      <td className={styles.number}>{formatCount(line.declinedOrders)}</td>
      <td>
        <DeclineReasons line={line} />
      </td>
      <td className={styles.number}>{formatCount(authentication.requested)}</td>
      <td className={styles.number}>{formatCount(authentication.succeeded)}</td>
      <td className={styles.number}>{formatCount(authentication.failed)}</td>
      <td className={styles.number}>{formatCount(authentication.declined)}</td>
      <td className={styles.number}>{formatCount(authentication.unfinished)}</td>
    </>
  );
}

/**
 * One campaign's orders: a line per source × live/test × currency, and its totals per
 * live/test × currency last. Column groups (paid, promo codes, declines, 3-D Secure) head
 * their columns, so that a screen reader says "Paid, Revenue" rather than "Revenue" alone.
 */
export function OrderFiguresTable({ campaign, campaignLabel }: OrderFiguresTableProps) {
  return (
    <div className={styles.scroll} role="region" aria-label={`Orders, ${campaignLabel}`} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>Orders by source, mode and currency: {campaignLabel}</caption>
        <colgroup span={3} />
        <colgroup span={2} />
        <colgroup span={2} />
        <colgroup span={2} />
        <colgroup span={5} />
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Source
            </th>
            <th scope="col" rowSpan={2}>
              Mode
            </th>
            <th scope="col" rowSpan={2}>
              Currency
            </th>
            <th scope="colgroup" colSpan={2} className={styles.group}>
              Paid
            </th>
            <th scope="colgroup" colSpan={2} className={styles.group}>
              Promo codes
            </th>
            <th scope="colgroup" colSpan={2} className={styles.group}>
              Declines
            </th>
            <th scope="colgroup" colSpan={5} className={styles.group}>
              3-D Secure
            </th>
          </tr>
          <tr>
            <th scope="col" className={styles.number}>
              Orders
            </th>
            <th scope="col" className={styles.number}>
              Revenue
            </th>
            <th scope="col" className={styles.number}>
              Orders
            </th>
            <th scope="col" className={styles.number}>
              Discount
            </th>
            <th scope="col" className={styles.number}>
              Orders
            </th>
            <th scope="col">Most common reasons</th>
            <th scope="col" className={styles.number}>
              Asked
            </th>
            <th scope="col" className={styles.number}>
              Paid
            </th>
            <th scope="col" className={styles.number}>
              Failed
            </th>
            <th scope="col" className={styles.number}>
              Declined after
            </th>
            <th scope="col" className={styles.number}>
              Not finished
            </th>
          </tr>
        </thead>
        <tbody>
          {campaign.splits.map((line) => (
            <tr key={`${line.sourceLabel}|${line.livemode ? 'live' : 'test'}|${line.currencyCode}`}>
              <th scope="row" className={line.source === null ? styles.direct : undefined}>
                {line.sourceLabel}
              </th>
              <ModeCell livemode={line.livemode} />
              <td>{line.currencyCode}</td>
              <FigureCells line={line} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          {campaign.totals.map((line) => (
            <tr key={`${line.livemode ? 'live' : 'test'}|${line.currencyCode}`}>
              <th scope="row">All sources</th>
              <ModeCell livemode={line.livemode} />
              <td>{line.currencyCode}</td>
              <FigureCells line={line} />
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
