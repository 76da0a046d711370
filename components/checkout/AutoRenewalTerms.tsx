import type { Ref } from 'react';
import { useWords } from '@/components/shell/I18n';
import { useImpression } from '@/lib/tracking/useImpression';
import type { RenewalTerms } from '@/lib/checkout/paymentCopy';
import styles from './CheckoutForm.module.css';

interface AutoRenewalTermsProps {
  terms: RenewalTerms;
  /** Where the law asks for it (a mandate applies), the consent box that starts unticked. */
  consentRequired: boolean;
  checked: boolean;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Told once, when the consent first comes into view (the auto-renewal consent-visible event). */
  onVisible?: () => void;
}

/**
 * The automatic-renewal terms every buyer of a renewing offer reads, below the express wallets
 * (else beside the submit button): today’s price against the renewal price, the period, how to cancel, and what each
 * add-on does. Where a mandate applies, a consent box that must be ticked.
 */
export function AutoRenewalTerms({ terms, consentRequired, ...consent }: AutoRenewalTermsProps) {
  return (
    <div className={styles.renewal} data-testid="auto-renewal-terms">
      <p id="renewal-terms">{terms.plan}</p>
      {terms.addOns.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {consentRequired && <RenewalConsent {...consent} />}
    </div>
  );
}

/** The consent box; its first sight is the consent-visible event, whenever a mandate makes it appear. */
function RenewalConsent({ checked, error, onChange, inputRef, onVisible }: Omit<AutoRenewalTermsProps, 'terms' | 'consentRequired'>) {
  const { t } = useWords();
  const visibleRef = useImpression<HTMLDivElement>(() => onVisible?.());
  return (
    <div ref={visibleRef}>
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
        <label htmlFor="renewal-notice-consent">{t('payment.consent.label')}</label>
      </div>
      {error && (
        <p id="renewal-notice-consent-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
