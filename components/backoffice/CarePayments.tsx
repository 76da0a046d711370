import type { CareCustomerView, CareTransactionView } from '@/lib/operators/careViews';
import { CareRefundForm } from './CareRefundForm';
import { careMoney, careWhen } from './careWords';
import styles from './BackOffice.module.css';

const REFUND_STATUS = { pending: 'pending', succeeded: 'refunded', failed: 'refused' } as const;

/** The subscription's payments (purchase and renewals), their invoices and refunds, and a refund form for each paid one. */
export function CarePayments({
  transactions,
  onDone,
}: {
  transactions: CareTransactionView[];
  onDone: (customer: CareCustomerView | null, said: string | null) => void;
}) {
  const refundable = transactions.filter((t) => t.refundable > 0);
  return (
    <section className={styles.card} aria-labelledby="care-payments">
      <h2 id="care-payments">Payments and invoices</h2>
      {transactions.length === 0 ? (
        <p>No payment is recorded for this subscription.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Payments, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">What</th>
                <th scope="col">Invoice</th>
                <th scope="col">Amount</th>
                <th scope="col">Refunded</th>
                <th scope="col">Status</th>
                <th scope="col">Refunds and credit notes</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((t) => (
                <tr key={t.id}>
                  <td>{careWhen(t.createdAt)}</td>
                  <td>
                    {t.kind === 'renewal' ? 'Renewal' : 'Purchase'} through {t.gateway}
                  </td>
                  <td>
                    {t.invoiceNumber ? (
                      // The subscriber's own PDF of it, to send on.
                      <a href={`/api/operator/care/transactions/${encodeURIComponent(t.id)}/invoice`} download>
                        {t.invoiceNumber} (PDF)
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{careMoney(t.total, t.currencyCode)}</td>
                  <td>{careMoney(t.refunded, t.currencyCode)}</td>
                  <td>
                    {t.status}
                    {t.failureCode && <> ({t.failureCode})</>}
                  </td>
                  <td>
                    {t.refunds.length === 0 ? (
                      '—'
                    ) : (
                      <ul className={styles.plain}>
                        {t.refunds.map((r) => (
                          <li key={r.id}>
                            {careMoney(r.amount, t.currencyCode)} {REFUND_STATUS[r.status]}
                            {r.creditNoteNumber && <>, credit note {r.creditNoteNumber}</>}
                            {r.failure && <>: {r.failure}</>}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refundable.map((t) => (
        <CareRefundForm key={t.id} transaction={t} onDone={onDone} />
      ))}
    </section>
  );
}
