import type { SubscriptionSummary } from '@/lib/account/accountView';
import { FormActions } from './FormActions';
import type { HeldConfirmation } from './useHeldRenewalConfirmation';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

interface HeldRenewalConfirmationProps {
  confirmation: HeldConfirmation;
  subscription: SubscriptionSummary;
  /** The subscription as the page names it ("Vogue: Vogue Digital"). */
  title: string;
  email: string;
  /** Whether the page offers to act on the subscription's payment at all (a wallet's, an ended one's, it does not). */
  offered: boolean;
  onConfirm: () => void;
}

/**
 * A renewal the bank holds until the subscriber confirms it (3-D Secure): offered before
 * another card, then what the bank said (confirmed, or why not).
 */
export function HeldRenewalConfirmation({ confirmation, subscription, title, email, offered, onConfirm }: HeldRenewalConfirmationProps) {
  const { held, confirming } = confirmation;
  const awaitsBank = subscription.pastDue?.awaitsBank;
  return (
    <>
      {held?.kind === 'paid' && (
        <div className={actions.notice} role="status" data-testid="renewal-confirmed">
          <p>
            Your bank confirmed the payment. {title} is active again, and its receipt is in your e-mail ({email}).
          </p>
        </div>
      )}
      {awaitsBank && offered && (
        <section className={styles.held} aria-labelledby="held-renewal-title" aria-busy={confirming} data-testid="renewal-held">
          <h2 id="held-renewal-title">Confirm the payment with your bank</h2>
          <p>
            Your bank asks you to confirm the renewal payment yourself, with {subscription.paymentMethod}. Nothing has been charged yet.
          </p>
          <FormActions
            error={held?.kind === 'error' ? held.message : null}
            errorTestId="renewal-held-error"
            label="Confirm the payment"
            busyLabel="Waiting for your bank…"
            sending={confirming}
            onClick={onConfirm}
          />
        </section>
      )}
      {awaitsBank && offered && <h2>Or pay with another card</h2>}
      {held?.kind === 'error' && !awaitsBank && (
        <p role="alert" className={actions.error} data-testid="renewal-held-error">
          {held.message}
        </p>
      )}
    </>
  );
}
