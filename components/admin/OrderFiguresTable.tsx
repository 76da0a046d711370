import type { CampaignOrderFigures, OrderFigures } from '@/lib/reports/orderFigures';
import { formatAmount, formatCount } from './reportFormat';
import reportTable from './ReportTable.module.css';
import styles from './OrderFiguresTable.module.css';

interface OrderFiguresTableProps {
  campaign: CampaignOrderFigures;
  /** The campaign as the report names it, for the caption. */
  campaignLabel: string;
}

function ModeCell({ livemode }: { livemode: boolean }) {
  return <td>{livemode ? 'Live' : <span className={reportTable.test}>Test</span>}</td>;
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

/** The headings of what a line is (its source, mode and currency), over both heading rows. */
const LINE_HEADINGS = ['Source', 'Mode', 'Currency'];

/** The groups over the figures, in FigureCells' order (their spans match the colgroups). */
const COLUMN_GROUPS = [
  { label: 'Paid', columns: 2 },
  { label: 'Promo codes', columns: 2 },
  { label: 'Declines', columns: 2 },
  { label: '3-D Secure', columns: 5 },
];

/** FigureCells' columns, in its order: numbers align right, the decline reasons do not. */
const FIGURE_COLUMNS = [
  { label: 'Orders', number: true },
  { label: 'Revenue', number: true },
  { label: 'Orders', number: true },
  { label: 'Discount', number: true },
  { label: 'Orders', number: true },
  { label: 'Most common reasons', number: false },
  { label: 'Asked', number: true },
  { label: 'Paid', number: true },
  { label: 'Failed', number: true },
  { label: 'Declined after', number: true },
  { label: 'Not finished', number: true },
];

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
        <caption className={reportTable.caption}>Orders by source, mode and currency: {campaignLabel}</caption>
        <colgroup span={3} />
        <colgroup span={2} />
        <colgroup span={2} />
        <colgroup span={2} />
        <colgroup span={5} />
        <thead>
          <tr>
            {LINE_HEADINGS.map((label) => (
              <th key={label} scope="col" rowSpan={2}>
                {label}
              </th>
            ))}
            {COLUMN_GROUPS.map(({ label, columns }) => (
              <th key={label} scope="colgroup" colSpan={columns} className={styles.group}>
                {label}
              </th>
            ))}
          </tr>
          <tr>
            {FIGURE_COLUMNS.map(({ label, number }, index) => (
              <th key={index} scope="col" className={number ? styles.number : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {campaign.splits.map((line) => (
            <tr key={`${line.sourceLabel}|${line.livemode ? 'live' : 'test'}|${line.currencyCode}`}>
              <th scope="row" className={line.source === null ? reportTable.direct : undefined}>
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
