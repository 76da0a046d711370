import type { QuoteState } from '@/lib/checkout/useQuote';
import { priceOverTime } from '@/lib/i18n/priceOverTime';
import { useWords } from '@/components/shell/I18n';
import { taxRowLabel, taxRows } from '@/lib/pricing/taxLabels';
import { quoteFailureText } from '@/lib/checkout/quoteFailure';
import { Loader } from '@/components/ui/Loader';
import styles from './OrderSummary.module.css';
import rows from '@/components/ui/OrderRows.module.css';

interface OrderSummaryProps {
  state: QuoteState;
  onRetry: () => void;
  /** What the tax row says while the buyer's location is not known yet (worded); null once tax is worked out. */
  taxNote: string | null;
  /**
   * Whether to list the order's lines: the cart lists them itself, with their add-ons, and
   * shows only what they come to here, so no item is listed twice.
   */
  showLines?: boolean;
  /** Extra classes for the box, for a step that lays it out tighter. */
  className?: string;
}

/**
 * The order as the server priced it: lines, discount, tax and what is paid today. The plan's
 * line says its price over time ("First year $25, then $50 a year"), as the offer page did.
 */
export function OrderSummary({ state, onRetry, taxNote, showLines = true, className }: OrderSummaryProps) {
  const words = useWords();
  const { t } = words;
  const taxKnown = taxNote === null;
  const response = state.status === 'ready' ? state.quote : state.status === 'idle' ? null : state.previous;
  const quote = response?.quote;
  const appliedCode = response?.coupon?.applied ? response.coupon.code : null;
  const money = (cents: number) => words.money(cents, quote!.currencyCode);
  return (
    <section
      className={className ? `${styles.summary} ${className}` : styles.summary}
      aria-labelledby="order-summary-heading"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="order-summary-heading" className={styles.heading}>
        {t('order.summary')}
      </h2>
      {!quote && state.status === 'loading' && <Loader type="form-loading" label={t('order.working')} />}
      {quote && (
        <dl className={rows.rows} data-testid="order-summary">
          {showLines &&
            quote.lines.map((line) => (
              <div key={line.offerId} className={rows.row} data-testid="summary-line">
                <dt>
                  {line.name}
                  {line.terms && (
                    <span className={styles.terms} data-testid="summary-terms">
                      {priceOverTime(words, line.terms)}
                    </span>
                  )}
                </dt>
                <dd>{money(line.amount)}</dd>
              </div>
            ))}
          {quote.discount > 0 && (
            <div className={rows.row} data-testid="summary-discount">
              <dt>{appliedCode ? t('order.discountCode', { code: appliedCode }) : t('order.discount')}</dt>
              <dd>−{money(quote.discount)}</dd>
            </div>
          )}
          {/* Until the buyer's location is known, one "Tax" row says why it is not worked out yet. */}
          {taxRows(words, taxKnown ? quote.taxLines : [], quote.tax).map((row) => (
            <div key={row.kind} className={rows.row} data-testid="summary-tax">
              <dt>{taxRowLabel(words, row)}</dt>
              <dd>
                {taxNote !== null
                  ? taxNote
                  : quote.taxRate.inclusive && row.amount > 0
                    ? t('order.taxIncluded', { amount: money(row.amount) })
                    : money(row.amount)}
              </dd>
            </div>
          ))}
          <div className={`${rows.row} ${styles.total}`} data-testid="summary-total">
            <dt>{t('order.total')}</dt>
            {/* A tax added on top is not in it until the location that decides it is known (Canada's GST without its province's part). */}
            <dd>{money(taxKnown || quote.taxRate.inclusive ? quote.total : quote.total - quote.tax)}</dd>
          </div>
        </dl>
      )}
      {state.status === 'error' && (
        <p className={styles.error} role="alert">
          {quoteFailureText(words, state)}{' '}
          <button type="button" className={styles.retry} onClick={onRetry}>
            {t('order.retry')}
          </button>
        </p>
      )}
    </section>
  );
}
