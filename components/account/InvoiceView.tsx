import Link from 'next/link';
import type { InvoicePageProps } from '@/lib/account/accountView';
import { withLang } from '@/lib/i18n/langLink';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import rows from '@/components/ui/OrderRows.module.css';
import { AccountFrame } from './AccountFrame';
import actions from './AccountActions.module.css';
import styles from './InvoiceView.module.css';

/**
 * An invoice as a page of its own, to read or print (the frame's header and footer are not
 * printed). Its amounts, dates and country come worded in the page's language (invoicePage).
 */
export function InvoiceView({ email, livemode, brand, invoice }: InvoicePageProps) {
  const words = useWords();
  const { t } = words;
  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={t('billing.invoice.title', { number: invoice.number })} />
      <article className={styles.invoice} aria-labelledby="invoice-heading" data-testid="invoice-page">
        <h1 id="invoice-heading">
          {t('billing.invoice.title', { number: invoice.number })}
          {!invoice.livemode && <span className={styles.test}> {t('billing.invoice.testMode')}</span>}
        </h1>
        <dl className={styles.meta}>
          <div>
            <dt>{t('billing.invoice.date')}</dt>
            <dd>{invoice.date}</dd>
          </div>
          <div>
            <dt>{t('billing.invoice.from')}</dt>
            <dd data-testid="invoice-page-seller">
              <Lines
                lines={
                  invoice.seller
                    ? [invoice.brandName, invoice.seller.name, ...invoice.seller.lines, invoice.seller.taxNumber]
                    : [invoice.brandName]
                }
              />
            </dd>
          </div>
          <div>
            <dt>{t('billing.invoice.billedTo')}</dt>
            <dd data-testid="invoice-page-billed-to">
              <Lines
                lines={[
                  invoice.billedTo.name,
                  ...(invoice.billedTo.company ? [invoice.billedTo.company] : []),
                  ...invoice.billedTo.lines,
                  ...(invoice.billedTo.vatNumber ? [invoice.billedTo.vatNumber] : []),
                  invoice.billedTo.email,
                ]}
              />
            </dd>
          </div>
          {invoice.deliveredTo && (
            <div>
              <dt>{t('billing.invoice.deliveredTo')}</dt>
              <dd data-testid="invoice-page-delivered-to">
                <Lines lines={invoice.deliveredTo} />
              </dd>
            </div>
          )}
          <div>
            <dt>{t('billing.invoice.paidWith')}</dt>
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
            <dt>{t('billing.invoice.total')}</dt>
            <dd data-testid="invoice-page-total">{invoice.total}</dd>
          </div>
          {invoice.refunded && (
            <div className={rows.row}>
              <dt>{t('billing.invoice.refunded')}</dt>
              <dd data-testid="invoice-page-refunded">{invoice.refunded}</dd>
            </div>
          )}
        </dl>
        {invoice.taxNote && <p data-testid="invoice-page-tax-note">{invoice.taxNote}</p>}
        {invoice.priceTerms && <p data-testid="invoice-page-price-terms">{invoice.priceTerms}</p>}
        {invoice.refunds && invoice.refunds.length > 0 && (
          <section aria-label={t('billing.invoice.creditNotes')} className={styles.creditNotes}>
            <h2>{t('billing.invoice.creditNotes')}</h2>
            <ul>
              {invoice.refunds.map((refund) => (
                <li key={refund.creditNoteNumber}>
                  {t('billing.invoice.creditNote', {
                    number: refund.creditNoteNumber,
                    date: refund.date,
                    amount: refund.amount,
                    method: invoice.paymentMethod,
                  })}
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className={`${actions.actions} ${styles.noPrint}`}>
          <button type="button" className={actions.primary} onClick={() => window.print()}>
            {t('billing.invoice.print')}
          </button>
          <a
            className={actions.secondary}
            href={`/api/account/invoices/${encodeURIComponent(invoice.transactionId)}/pdf${livemode ? '' : '?livemode=false'}`}
            download
            data-testid="invoice-pdf"
          >
            {t('billing.invoice.pdf')}
          </a>
          <Link className={actions.secondary} href={withLang(livemode ? '/account' : '/account?livemode=false', words.locale)}>
            {t('billing.back')}
          </Link>
        </div>
      </article>
    </AccountFrame>
  );
}

/** An address block: one line each, as an envelope shows it. */
function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <span key={index} className={styles.line}>
      {line}
    </span>
  ));
}
