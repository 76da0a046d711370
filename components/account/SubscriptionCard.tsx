import { useState } from 'react';
import Link from 'next/link';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { isLive, subscriptionLine } from '@/lib/account/accountList';
import { renewalOf } from '@/lib/payments/methods';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { Loader } from '@/components/ui/Loader';
import actions from './AccountActions.module.css';
import styles from './SubscriptionCard.module.css';
import { TestClockPanel } from './TestClockPanel';

/** How a wallet subscription's payment method is changed: at the wallet, as its renewal declaration says, not here. */
function providerChangeNote(method: SubscriptionSummary['paymentChange']): string | null {
  const change = renewalOf(method).paymentChange;
  return change.where === 'provider' ? change.note : null;
}

interface SubscriptionCardProps {
  subscription: SubscriptionSummary;
  livemodeQuery: string;
  /** Told of every change made here (resumed, its test clock moved), so that the list can move the card where it now belongs. */
  onChange?: (subscription: SubscriptionSummary) => void;
  /** Why the card is where it is now, when it has just moved there (lib/account/accountWords.ts CARD_MOVE_TEXT). */
  movedNote?: string | null;
}

/**
 * One subscription in the account: what it is (a line that tells it from another to the same
 * plan), where it stands and what can be done about it, then its address, invoices, history and test clock.
 */
export function SubscriptionCard({ subscription: given, livemodeQuery, onChange, movedNote = null }: SubscriptionCardProps) {
  const api = useApiClient();
  const [subscription, setSubscription] = useState(given);
  // A new answer from the server (the page loaded again) replaces what changed here.
  const [lastGiven, setLastGiven] = useState(given);
  if (lastGiven !== given) {
    setLastGiven(given);
    setSubscription(given);
  }
  const update = (next: SubscriptionSummary) => {
    setSubscription(next);
    onChange?.(next);
  };
  const [resuming, setResuming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resumed, setResumed] = useState(false);
  const headingId = `subscription-${subscription.id}`;
  const lineId = `subscription-line-${subscription.id}`;
  const cardHref = `/account/subscriptions/${subscription.id}/card${livemodeQuery}`;

  const resume = async () => {
    setResuming(true);
    setError(null);
    try {
      const { subscription: next } = await api.resumeSubscription(subscription.id);
      setResumed(true);
      update(next);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'We could not resume your subscription. Please try again.');
    } finally {
      setResuming(false);
    }
  };

  const running = isLive(subscription.status);
  const [plan, since, paidWith] = subscriptionLine(subscription);
  // What the subscriber came for first (where it stands, what to do about it), the records
  // after (address, invoices, test clock): on a phone the card's main action is on its first screen.
  return (
    <article
      className={styles.card}
      aria-labelledby={headingId}
      aria-describedby={lineId}
      data-testid="subscription"
      data-subscription-id={subscription.id}
    >
      {/* Focusable, so that a card that moves while its own button had focus takes the focus along (AccountOverview). */}
      <h2 id={headingId} className={styles.title} tabIndex={-1}>
        {subscription.brandName}: {subscription.offerName}
        {!subscription.livemode && <span className={styles.test}>Test</span>}
      </h2>
      <p id={lineId} className={styles.line} data-testid="subscription-line">
        {plan} · {since} · <span data-testid="subscription-payment-method">{paidWith}</span>
      </p>
      {movedNote && (
        <p className={actions.notice} data-testid="subscription-moved-note">
          {movedNote}
        </p>
      )}
      {resumed && (
        <p className={actions.notice} role="status">
          Your subscription continues. We sent you a confirmation by e-mail.
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd data-testid="subscription-status">{subscription.statusText}</dd>
        </div>
        {subscription.trialEndsOn && (
          <div>
            <dt>Trial ends</dt>
            <dd>{subscription.trialEndsOn}</dd>
          </div>
        )}
        {subscription.nextCharge && (
          <div>
            <dt>{subscription.trialEndsOn ? 'First charge' : 'Next renewal'}</dt>
            <dd data-testid="subscription-next-charge">
              {subscription.nextCharge.date}, {subscription.nextCharge.amount}
            </dd>
          </div>
        )}
        {subscription.endsAt && (
          <div>
            {/* Not "Ended" again: the status above already says it. */}
            <dt>{running ? 'Ends on' : 'Access until'}</dt>
            <dd data-testid="subscription-ends">{subscription.endsAt}</dd>
          </div>
        )}
      </dl>
      {subscription.pastDue && (
        <div className={styles.warning} data-testid="subscription-past-due">
          <p className={styles.warningTitle}>Your last payment did not go through.</p>
          <p>
            {subscription.pastDue.reason} {subscription.pastDue.next}
            {subscription.pastDue.dates &&
              ` You keep access until ${subscription.pastDue.dates.accessUntil}; unless it is paid, the subscription ends on ${subscription.pastDue.dates.endsOn}.`}
          </p>
          {subscription.pastDue.walletFix ? (
            <p>
              {subscription.pastDue.walletFix.text} <a href={subscription.pastDue.walletFix.href}>{subscription.pastDue.walletFix.label}</a>
            </p>
          ) : (
            subscription.paymentChange === 'card' &&
            (subscription.pastDue.awaitsBank ? (
              <p>
                <a href={cardHref}>Confirm the payment</a> with your bank, or give another card there: we charge it at once.
              </p>
            ) : (
              <p>
                <a href={cardHref}>Update your card</a>: we charge it at once.
              </p>
            ))
          )}
        </div>
      )}
      {subscription.needsPaymentMethod && running && !subscription.pastDue && (
        <p className={styles.warning}>
          We do not hold a payment method that can renew this subscription.{' '}
          {subscription.paymentChange === 'card' ? <a href={cardHref}>Please add a card</a> : 'Please add a card'} before the next renewal.
        </p>
      )}
      <div className={actions.actions}>
        {subscription.canCancel && (
          <Link className={actions.secondary} href={`/account/subscriptions/${subscription.id}/cancel${livemodeQuery}`}>
            Cancel subscription
          </Link>
        )}
        {subscription.canWithdraw && (
          <Link className={actions.secondary} href={`/account/subscriptions/${subscription.id}/withdraw${livemodeQuery}`}>
            Withdraw from contract
          </Link>
        )}
        {subscription.canResume && (
          <button type="button" className={actions.primary} onClick={() => void resume()} disabled={resuming} aria-busy={resuming}>
            {resuming && <Loader type="submission-processing" size="small" label="Resuming…" />}
            Resume subscription
          </button>
        )}
        {subscription.paymentChange === 'card' && running && (
          // A plain link, not next/link: the card page is a payment page, reached by a full page load only.
          <a className={actions.secondary} href={cardHref} data-testid="change-card">
            Change card
          </a>
        )}
        {subscription.isPrint && running && (
          <Link className={actions.secondary} href={`/account/subscriptions/${subscription.id}/address${livemodeQuery}`}>
            Change delivery address
          </Link>
        )}
      </div>
      {error && (
        <p role="alert" className={actions.error}>
          {error}
        </p>
      )}
      {/* The records, below what can be done. */}
      {subscription.deliveryAddress && (
        <dl className={`${styles.facts} ${styles.records}`}>
          <div>
            <dt>Delivered to</dt>
            <dd data-testid="subscription-delivery-address">
              {subscription.deliveryAddress.line1}, {subscription.deliveryAddress.city} {subscription.deliveryAddress.postalCode}
            </dd>
          </div>
        </dl>
      )}
      {subscription.paymentChange !== 'card' && running && !subscription.pastDue && (
        <p className={styles.note}>{providerChangeNote(subscription.paymentChange)}</p>
      )}
      {subscription.invoices.length > 0 && (
        <section aria-label="Invoices" className={styles.invoices}>
          <h3>Invoices</h3>
          <ul>
            {subscription.invoices.map((invoice) => (
              <li key={invoice.transactionId}>
                <Link href={`/account/invoices/${invoice.transactionId}${livemodeQuery}`}>
                  {invoice.number}, {invoice.date}, {invoice.total}
                </Link>
                {invoice.refunded && <span className={styles.refunded}> Refunded {invoice.refunded}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {subscription.history && subscription.history.length > 0 && (
        <section aria-label="History" className={styles.invoices}>
          <h3>History</h3>
          <ol data-testid="subscription-history">
            {subscription.history.map((line, index) => (
              <li key={index}>
                {line.date}: {line.text}
              </li>
            ))}
          </ol>
        </section>
      )}
      {subscription.testClock && <TestClockPanel subscription={{ ...subscription, testClock: subscription.testClock }} onMoved={update} />}
    </article>
  );
}
