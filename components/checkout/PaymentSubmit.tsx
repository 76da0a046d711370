import type { RefObject } from 'react';
import { Loader } from '@/components/ui/Loader';
import { ProviderOutagePanel, type ProviderOutage } from './ProviderOutagePanel';
import styles from './CheckoutForm.module.css';

interface PaymentSubmitProps {
  /** What the button does: "Subscribe for $20.00", "Start free trial"; null when the payment method brings its own button. */
  label: string | null;
  /** What the button waits for ("Processing your payment"), or null when it can be pressed. */
  busy: string | null;
  /** Why the last payment failed, shown right above the button and focused. */
  failure: string | null;
  failureRef: RefObject<HTMLParagraphElement | null>;
  /** The failure was the payment provider being down: the outage panel is shown in its place. */
  outage?: ProviderOutage | null;
}

/** The submit button with its loader while a payment runs, and a payment failure next to it. */
export function PaymentSubmit({ label, busy, failure, failureRef, outage = null }: PaymentSubmitProps) {
  return (
    <div className={styles.submitArea}>
      {failure && outage && <ProviderOutagePanel {...outage} messageRef={failureRef} />}
      {failure && !outage && (
        <p id="payment-failure" ref={failureRef} tabIndex={-1} className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      {label === null ? (
        busy !== null && (
          <p className={styles.busyNote}>
            <Loader type="submission-processing" size="small" variant="dark" label={busy} />
            {busy}…
          </p>
        )
      ) : (
        // aria-disabled, not disabled: the button keeps focus while it waits (the form ignores a submit then).
        <button type="submit" className={styles.submit} aria-disabled={busy !== null} aria-busy={busy !== null}>
          {busy !== null && <Loader type="submission-processing" size="small" label={busy} />}
          {label}
        </button>
      )}
    </div>
  );
}
