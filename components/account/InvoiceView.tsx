import Link from 'next/link';
import type { InvoicePageProps } from '@/lib/account/accountView';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import rows from '@/components/ui/OrderRows.module.css';
import { AccountFrame } from './AccountFrame';
import actions from './AccountActions.module.css';
import styles from './InvoiceView.module.css';

/** An invoice as a page of its own, to read or print (the frame's header and footer are not printed). */
export function InvoiceView({ email, livemode, brand, invoice }: InvoicePageProps) {
  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={`Invoice ${invoice.number}`} />
      <article className={styles.invoice} aria-labelledby="invoice-heading" data-testid="invoice-page">
        <h1 id="invoice-heading">
          Invoice {invoice.number}
          {!invoice.livemode && <span className={styles.test}> (test mode: no real payment)</span>}
        </h1>
        <dl className={styles.meta}>
          <div>
            <dt>Date</dt>
            <dd>{invoice.date}</dd>
          </div>
          <div>
            <dt>From</dt>
            <dd>{invoice.brandName}</dd>
          </div>
          <div>
            <dt>Billed to</dt>
            <dd>
              {invoice.billedTo.name}, {invoice.billedTo.email}, {invoice.billedTo.country}
            </dd>
          </div>
          <div>
            <dt>Paid with</dt>
            <dd>{invoice.paymentMethod}</dd>
          </div>
        </dl>
        <dl className={rows.rows}>
          {invoice.lines.map((line) => (
            <div key={line.name} className={rows.row}>
              <dt>{line.name}</dt>
              <dd>{line.amount}</dd>
            </div>
          ))}
          {invoice.discount && (
            <div className={rows.row}>
              <dt>{invoice.discount.label}</dt>
              <dd>−{invoice.discount.amount}</dd>
            </div>
          )}
          {invoice.taxes.map((tax) => (
            <div key={tax.label} className={rows.row}>
              <dt>{tax.label}</dt>
              <dd>{tax.amount}</dd>
            </div>
          ))}
          <div className={`${rows.row} ${styles.total}`}>
            <dt>Total paid</dt>
            <dd data-testid="invoice-page-total">{invoice.total}</dd>
          </div>
          {invoice.refunded && (
            <div className={rows.row}>
              <dt>Refunded</dt>
              <dd data-testid="invoice-page-refunded">{invoice.refunded}</dd>
            </div>
          )}
        </dl>
        {invoice.priceTerms && <p data-testid="invoice-page-price-terms">{invoice.priceTerms}</p>}
        {invoice.refunds && invoice.refunds.length > 0 && (
          <section aria-label="Credit notes" className={styles.creditNotes}>
            <h2>Credit notes</h2>
            <ul>
              {invoice.refunds.map((refund) => (
                <li key={refund.creditNoteNumber}>
                  Credit note {refund.creditNoteNumber}, {refund.date}: {refund.amount} refunded to {invoice.paymentMethod}
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className={`${actions.actions} ${styles.noPrint}`}>
          <button type="button" className={actions.primary} onClick={() => window.print()}>
            Print
          </button>
          <Link className={actions.secondary} href={livemode ? '/account' : '/account?livemode=false'}>
            Back to your subscriptions
          </Link>
        </div>
      </article>
    </AccountFrame>
  );
}
