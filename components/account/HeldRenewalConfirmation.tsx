import type { SubscriptionSummary } from '@/lib/account/accountView';
import { pastDueWords } from '@/lib/account/pastDueWords';
import { useWords } from '@/components/shell/I18n';
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
  const words = useWords();
  const { t } = words;
  const { held, confirming } = confirmation;
  const awaitsBank = pastDueWords(words, subscription)?.awaitsBank;
  return (
    <>
      {held?.kind === 'paid' && (
        <div className={actions.notice} role="status" data-testid="renewal-confirmed">
          <p>{t('cancel.held.paid', { title, email })}</p>
        </div>
      )}
      {awaitsBank && offered && (
        <section className={styles.held} aria-labelledby="held-renewal-title" aria-busy={confirming} data-testid="renewal-held">
          <h2 id="held-renewal-title">{t('cancel.held.title')}</h2>
          <p>{t('cancel.held.intro', { method: subscription.paymentMethod })}</p>
          <FormActions
            error={held?.kind === 'error' ? held.message : null}
            errorTestId="renewal-held-error"
            label={t('cancel.held.confirm')}
            busyLabel={t('cancel.held.waiting')}
            sending={confirming}
            onClick={onConfirm}
          />
        </section>
      )}
      {awaitsBank && offered && <h2>{t('cancel.held.otherCard')}</h2>}
      {held?.kind === 'error' && !awaitsBank && (
        <p role="alert" className={actions.error} data-testid="renewal-held-error">
          {held.message}
        </p>
      )}
    </>
  );
}
