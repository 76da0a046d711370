import { Loader } from '@/components/ui/Loader';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { cardBrandName } from '@/lib/payments/sandbox/cardFields';
import { formatMoney } from '@/lib/pricing/money';
import type { SandboxAuthenticationProps } from '@/lib/payments/sandbox/sandboxPages';
import styles from './SandboxAuthentication.module.css';
import { useSandboxAnswer } from './useSandboxAnswer';
import { DocumentTitle } from '@/components/shell/DocumentTitle';

type Outcome = 'approve' | 'fail';

/**
 * The sandbox's stand-in for a bank's 3-D Secure page: the visitor completes or fails
 * authentication, and is sent on to the journey (or back to the account's card page, for a
 * card kept for a subscription).
 */
export function SandboxAuthentication({
  paymentId,
  amount,
  currencyCode,
  cardBrand,
  cardLast4,
  pending,
  cardChange,
}: SandboxAuthenticationProps) {
  const api = useApiClient();
  const { sending, error, answer } = useSandboxAnswer((outcome: Outcome) => api.authenticateSandboxPayment(paymentId, outcome));
  const subject = cardChange ? 'card' : 'payment';

  return (
    <main id="main" className={styles.page}>
      <DocumentTitle title={`Sandbox bank: confirm your ${subject}`} />
      <p className={styles.badge}>Sandbox bank · test authentication</p>
      <h1>Confirm your {subject}</h1>
      <p>
        {cardChange
          ? 'This page stands in for your bank’s security check (3-D Secure) on the card you are saving for your subscription. No real bank is contacted and nothing is charged.'
          : 'This page stands in for your bank’s security check (3-D Secure). No real bank is contacted and no real card is charged.'}
      </p>
      <dl className={styles.details}>
        {!cardChange && (
          <div>
            <dt>Amount</dt>
            <dd>{formatMoney(amount, currencyCode)}</dd>
          </div>
        )}
        <div>
          <dt>Card</dt>
          <dd>
            {cardBrandName(cardBrand)} ending in {cardLast4}
          </dd>
        </div>
      </dl>
      {pending ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.approve}
            disabled={sending !== null}
            aria-busy={sending === 'approve'}
            onClick={() => answer('approve')}
          >
            {sending === 'approve' && <Loader type="submission-processing" size="small" label="Confirming" />}
            Complete authentication
          </button>
          <button
            type="button"
            className={styles.fail}
            disabled={sending !== null}
            aria-busy={sending === 'fail'}
            onClick={() => answer('fail')}
          >
            {sending === 'fail' && <Loader type="submission-processing" size="small" variant="dark" label="Sending" />}
            Fail authentication
          </button>
        </div>
      ) : (
        <p role="status">This {cardChange ? 'card check' : 'payment'} has already been answered. You can close this page.</p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </main>
  );
}
