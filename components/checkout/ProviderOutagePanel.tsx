import type { RefObject } from 'react';
import { useWords } from '@/components/shell/I18n';
import type { PaymentMethodId } from '@/lib/payments/methods';
import { providerUnavailableAdvice, providerUnavailableHeadline } from '@/lib/payments/providerOutage';
import styles from './ProviderOutagePanel.module.css';

export interface ProviderOutage {
  /** The method whose provider is down. */
  method: PaymentMethodId;
  /** Whether the step offers another way to pay, which the panel then suggests. */
  otherMethodAvailable: boolean;
  /** Runs the payment again with what is in the form; null when the method brings its own button (used again instead). */
  onRetry: (() => void) | null;
}

interface ProviderOutagePanelProps extends ProviderOutage {
  /** Focused when the panel appears, like any payment failure (it carries the failure's id). */
  messageRef: RefObject<HTMLParagraphElement | null>;
}

/**
 * The payment provider is down (not a decline): says so, that nothing was charged and when
 * to try again, with a Try again button. It stays within the step, so nothing typed is lost.
 */
export function ProviderOutagePanel({ method, otherMethodAvailable, onRetry, messageRef }: ProviderOutagePanelProps) {
  const words = useWords();
  return (
    <div className={styles.panel} data-testid="provider-outage">
      <p id="payment-failure" ref={messageRef} tabIndex={-1} role="alert" className={styles.message}>
        <strong>{providerUnavailableHeadline(words, method)}</strong> {providerUnavailableAdvice(words, otherMethodAvailable)}
      </p>
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          {words.t('payment.outage.retry')}
        </button>
      )}
    </div>
  );
}
