import type { Ref } from 'react';
import { useImpression } from '@/lib/tracking/useImpression';
import { formatMoney } from '@/lib/pricing/money';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import styles from './CheckoutForm.module.css';

interface AutoRenewalTermsProps {
  renewalAmount: number;
  currencyCode: CurrencyCode;
  interval: 'month' | 'year';
  trialDays: number | null;
  checked: boolean;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Told once, when the terms first come into view (the auto-renewal consent-visible event). */
  onVisible?: () => void;
}

/**
 * The automatic-renewal terms where the law asks for them: price, renewal period and how
 * to cancel, beside the submit button, with a consent box that starts unticked.
 */
export function AutoRenewalTerms({ renewalAmount, currencyCode, interval, trialDays, checked, error, onChange, inputRef, onVisible }: AutoRenewalTermsProps) {
  const visibleRef = useImpression<HTMLDivElement>(() => onVisible?.());
  const price = formatMoney(renewalAmount, currencyCode);
  return (
    <div className={styles.renewal} data-testid="auto-renewal-terms" ref={visibleRef}>
      <p id="renewal-terms">
        {trialDays ? `After your ${trialDays}-day free trial, your` : 'Your'} subscription renews automatically every {interval} at{' '}
        {price} plus any applicable tax, charged to this card, until you cancel. You can cancel at any time from your account or by
        contacting customer care; cancelling stops the next renewal and you keep access until the end of the period you paid for.
      </p>
      <div className={styles.consent}>
        <input
          id="renewal-notice-consent"
          type="checkbox"
          required
          ref={inputRef}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={error ? 'renewal-terms renewal-notice-consent-error' : 'renewal-terms'}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor="renewal-notice-consent">I agree to the automatic renewal terms above.</label>
      </div>
      {error && (
        <p id="renewal-notice-consent-error" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
