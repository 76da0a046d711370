import { Loader } from '@/components/ui/Loader';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import type { SandboxWalletOutcome } from '@/lib/api/apiClient';
import { PAYMENT_METHOD_LABELS } from '@/lib/payments/methods';
import { formatMoney } from '@/lib/pricing/money';
import type { SandboxWalletProps } from '@/lib/payments/sandbox/sandboxPages';
import styles from './SandboxAuthentication.module.css';
import { useSandboxAnswer } from './useSandboxAnswer';

const SENDING_LABELS: Record<SandboxWalletOutcome, string> = {
  approve: 'Approving',
  'approve-renewals-fail': 'Approving',
  cancel: 'Cancelling',
  fail: 'Sending',
};

/**
 * The sandbox's stand-in for PayPal's or Amazon Pay's approval page: the visitor approves
 * the payment, cancels, or simulates the wallet refusing it, and is sent back to the journey.
 * A subscription can also be approved with renewals that will fail, as a test card that pays
 * today and declines every renewal.
 */
export function SandboxWalletApproval({
  paymentId,
  wallet,
  flow,
  amount,
  currencyCode,
  description,
  livemode,
  answeredRedirect,
}: SandboxWalletProps) {
  const api = useApiClient();
  const { sending, error, answer } = useSandboxAnswer((outcome: SandboxWalletOutcome) => api.answerSandboxWallet(paymentId, outcome));
  const name = PAYMENT_METHOD_LABELS[wallet];
  const button = (outcome: SandboxWalletOutcome, label: string, className: string | undefined) => (
    <button type="button" className={className} disabled={sending !== null} aria-busy={sending === outcome} onClick={() => answer(outcome)}>
      {sending === outcome && (
        <Loader
          type="submission-processing"
          size="small"
          variant={outcome === 'approve' || outcome === 'approve-renewals-fail' ? 'light' : 'dark'}
          label={SENDING_LABELS[outcome]}
        />
      )}
      {label}
    </button>
  );

  return (
    <main id="main" className={styles.page} data-wallet={wallet}>
      <DocumentTitle title={`${name} sandbox: approve your payment`} />
      <p className={styles.badge}>
        Sandbox {name} · {livemode ? 'live mode' : 'test mode'} · no real account is used
      </p>
      <h1>{name}</h1>
      <p>
        This page stands in for {name}. No {name} account is contacted and nothing is really charged: choose what the visitor does at {name}
        .
      </p>
      <dl className={styles.details}>
        <div>
          <dt>Order</dt>
          <dd>{description}</dd>
        </div>
        <div>
          <dt>{flow === 'subscription' ? 'Due today' : 'Amount'}</dt>
          <dd>{formatMoney(amount, currencyCode)}</dd>
        </div>
        <div>
          <dt>At {name}</dt>
          <dd>{flow === 'subscription' ? 'A subscription (renewals included)' : 'A one-off payment'}</dd>
        </div>
      </dl>
      {answeredRedirect === null ? (
        <div className={styles.actions}>
          {button('approve', 'Approve', styles.approve)}
          {flow === 'subscription' && button('approve-renewals-fail', 'Approve, renewals will fail', styles.approve)}
          {button('cancel', 'Cancel', styles.fail)}
          {button('fail', 'Simulate failure', styles.fail)}
        </div>
      ) : (
        <p role="status">
          This payment has already been answered. <a href={answeredRedirect}>Continue</a>
        </p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </main>
  );
}
