import { useState } from 'react';
import { Loader } from '@/components/ui/Loader';
import { careApi } from '@/lib/operators/careApi';
import type { CareCustomerView, CareSubscriptionView } from '@/lib/operators/careViews';
import { careWhen } from './careWords';
import { useAction } from './useAction';
import { CareReasonField } from './CareReasonField';
import styles from './BackOffice.module.css';

type Done = (customer: CareCustomerView, said: string) => void;

/**
 * Care cancels for the subscriber: at the end of the period (access until then, and the
 * subscriber gets the usual confirmation), or now, which ends access at once and so asks
 * to be confirmed first. Either needs a reason for the records.
 */
export function CareCancelForm({ subscription: s, onDone }: { subscription: CareSubscriptionView; onDone: Done }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const [running, setRunning] = useState<'period_end' | 'now' | null>(null);

  if (!s.canEndNow) {
    return (
      <section className={styles.card} aria-labelledby="care-cancel">
        <h2 id="care-cancel">Cancel</h2>
        <p>This subscription has ended: there is nothing to cancel.</p>
      </section>
    );
  }

  const cancel = (when: 'period_end' | 'now') => {
    if (reason.trim().length === 0) {
      setReasonError('Say why, for the records (the customer does not see it).');
      return;
    }
    setReasonError(null);
    setRunning(when);
    void action.run(async () => {
      const { customer } = await careApi.cancel(s.id, when, reason.trim());
      setConfirming(false);
      setReason('');
      onDone(
        customer,
        when === 'now'
          ? 'The subscription has ended now, its access with it, and the subscriber was e-mailed that it ended. Nothing was refunded: refund a payment below if needed.'
          : `The subscription is cancelled at the end of its period: access stays until ${careWhen(customer.subscription.currentPeriodEnd)}. The subscriber was e-mailed a confirmation.`,
      );
    });
  };
  const busy = (when: 'period_end' | 'now') => action.busy && running === when;

  return (
    <section className={styles.card} aria-labelledby="care-cancel">
      <h2 id="care-cancel">Cancel</h2>
      <div className={styles.form}>
        <CareReasonField id="care-cancel-reason" label="Reason for cancelling" value={reason} error={reasonError} onChange={setReason} />
        {action.error && (
          <p className={styles.alert} role="alert">
            {action.error}
          </p>
        )}
        {confirming ? (
          <div className={styles.confirm} role="group" aria-labelledby="care-confirm-text">
            <p id="care-confirm-text">
              End this subscription now? The subscriber loses access at once and is e-mailed that it ended. Nothing is refunded by this:
              refund a payment below if needed.
            </p>
            <div className={styles.row}>
              <button type="button" className={styles.primary} disabled={action.busy} aria-busy={busy('now')} onClick={() => cancel('now')}>
                {busy('now') && <Loader type="submission-processing" size="small" label="Ending…" />}
                Yes, end it now
              </button>
              <button type="button" className={styles.secondary} disabled={action.busy} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
          </div>
        ) : (
          <div className={styles.row}>
            {s.canCancelAtPeriodEnd && (
              <button
                type="button"
                className={styles.primary}
                disabled={action.busy}
                aria-busy={busy('period_end')}
                onClick={() => cancel('period_end')}
              >
                {busy('period_end') && <Loader type="submission-processing" size="small" label="Cancelling…" />}
                Cancel at period end
              </button>
            )}
            <button type="button" className={styles.secondary} disabled={action.busy} onClick={() => setConfirming(true)}>
              Cancel now
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
