import { useState, type ReactNode } from 'react';
import type { QuoteState } from '@/lib/checkout/useQuote';
import { useWords } from '@/components/shell/I18n';
import styles from './CheckoutForm.module.css';

interface CheckoutSummaryProps {
  quote: QuoteState;
  /** The order summary and what goes with it (the promo field). */
  children: ReactNode;
}

/**
 * The payment step's summary column. On a desktop it stands beside the form, always open;
 * on a phone it comes first, folded to a button with today's total that opens it. A quote
 * that failed opens it, so that its message and retry are seen.
 */
export function CheckoutSummary({ quote, children }: CheckoutSummaryProps) {
  const words = useWords();
  const [open, setOpen] = useState(false);
  const shown = open || quote.status === 'error';
  const response = quote.status === 'ready' ? quote.quote : quote.status === 'idle' ? null : quote.previous;
  return (
    <div className={styles.summaryColumn}>
      <button
        type="button"
        className={styles.summaryToggle}
        aria-expanded={shown}
        aria-controls="checkout-summary-panel"
        onClick={() => setOpen(!shown)}
        data-testid="summary-toggle"
      >
        {/* One name whatever its state (the disclosure pattern): aria-expanded says whether it is open. */}
        <span className={styles.summaryToggleLabel}>{words.t('order.summary')}</span>
        {response && (
          <span className={styles.summaryToggleTotal}>
            {words.t('order.totalAmount', { amount: words.money(response.quote.total, response.quote.currencyCode) })}
          </span>
        )}
      </button>
      <div id="checkout-summary-panel" className={styles.summaryPanel} data-open={shown}>
        {children}
      </div>
    </div>
  );
}
