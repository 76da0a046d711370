import { formatMoney } from '@/lib/pricing/money';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { BillingInterval } from '@/lib/catalogue/types';
import styles from './Price.module.css';

interface PriceProps {
  cents: number;
  currencyCode: CurrencyCode;
  /** The full price, struck through beside the price when it is higher. */
  fullCents?: number | null;
  interval?: BillingInterval;
  /** Large for an offer's headline price; normal in lists and summaries. */
  size?: 'large' | 'normal';
}

const PER: Record<BillingInterval, string> = { month: 'month', year: 'year' };

export function Price({ cents, currencyCode, fullCents, interval, size = 'normal' }: PriceProps) {
  return (
    <span className={styles.price}>
      {fullCents != null && fullCents > cents && (
        <s className={styles.full}>
          <span className="visually-hidden">Was </span>
          {formatMoney(fullCents, currencyCode)}
        </s>
      )}
      <span className={size === 'large' ? styles.large : styles.now} data-testid="price">
        {fullCents != null && fullCents > cents && <span className="visually-hidden">Now </span>}
        {formatMoney(cents, currencyCode)}
      </span>
      {interval && <span className={styles.interval}>/{PER[interval]}</span>}
    </span>
  );
}
