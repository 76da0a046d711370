import { useWords } from '@/components/shell/I18n';
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

export function Price({ cents, currencyCode, fullCents, interval, size = 'normal' }: PriceProps) {
  const { t, money } = useWords();
  return (
    <span className={styles.price}>
      {fullCents != null && fullCents > cents && (
        <s className={styles.full}>
          <span className="visually-hidden">{`${t('common.price.was')} `}</span>
          {money(fullCents, currencyCode)}
        </s>
      )}
      <span className={size === 'large' ? styles.large : styles.now} data-testid="price">
        {fullCents != null && fullCents > cents && <span className="visually-hidden">{`${t('common.price.now')} `}</span>}
        {money(cents, currencyCode)}
      </span>
      {interval && <span className={styles.interval}>{t(interval === 'month' ? 'common.price.perMonth' : 'common.price.perYear')}</span>}
    </span>
  );
}
