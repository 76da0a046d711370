import { useState } from 'react';
import { postalLines } from '@/lib/geo/countryName';
import Link from 'next/link';
import { buttonLabel } from '@/lib/checkout/marketWording';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { isLive, subscriptionLine } from '@/lib/account/accountList';
import { accountErrorText } from '@/lib/account/accountErrors';
import { failureCode } from '@/lib/account/apiFailure';
import { dateTimeWords, historyText, nextChargeWords, statusKey } from '@/lib/account/accountWords';
import { pastDueWords } from '@/lib/account/pastDueWords';
import { renewalOf } from '@/lib/payments/methods';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { Msg, useWords } from '@/components/shell/I18n';
import { Loader } from '@/components/ui/Loader';
import actions from './AccountActions.module.css';
import styles from './SubscriptionCard.module.css';
import { TestClockPanel } from './TestClockPanel';

interface SubscriptionCardProps {
  subscription: SubscriptionSummary;
  livemodeQuery: string;
  /** Told of every change made here (resumed, its test clock moved), so that the list can move the card where it now belongs. */
  onChange?: (subscription: SubscriptionSummary) => void;
  /** Why the card is where it is now, when it has just moved there (lib/account/accountWords.ts cardMoveNote). */
  movedNote?: string | null;
}

/**
 * One subscription in the account: what it is (a line that tells it from another to the same
 * plan), where it stands and what can be done about it, then its address, invoices, history and test clock.
 */
export function SubscriptionCard({ subscription: given, livemodeQuery, onChange, movedNote = null }: SubscriptionCardProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [subscription, setSubscription] = useState(given);
  const change = subscription.paymentChange === 'card' ? null : renewalOf(subscription.paymentChange).paymentChange;
  const walletNote = change?.where === 'provider' ? change.note : null;
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
      setError(accountErrorText(words, 'resume', failureCode(failure), { provider: subscription.paymentMethod }));
    } finally {
      setResuming(false);
    }
  };

  const running = isLive(subscription.status);
  const [plan, since, paidWith] = subscriptionLine(words, subscription);
  const { facts } = subscription;
  const pastDue = pastDueWords(words, subscription);
  const cardLink = <a href={cardHref} />;
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
        {t('account.card.title', { brand: subscription.brandName, offer: subscription.offerName })}
        {!subscription.livemode && <span className={styles.test}>{t('account.card.test')}</span>}
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
          {t('account.card.resumed')}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('account.card.status')}</dt>
          <dd data-testid="subscription-status">{t(statusKey(subscription.status))}</dd>
        </div>
        {subscription.trialEndsOn && (
          <div>
            <dt>{t('account.card.trialEnds')}</dt>
            <dd>{words.date(subscription.trialEndsOn)}</dd>
          </div>
        )}
        {facts.nextCharge && (
          <div>
            <dt>{t(subscription.trialEndsOn ? 'account.card.firstCharge' : 'account.card.nextRenewal')}</dt>
            <dd data-testid="subscription-next-charge">{t('account.card.nextCharge', nextChargeWords(words, facts.nextCharge))}</dd>
          </div>
        )}
        {facts.endsAt && (
          <div>
            {/* Not "Ended" again: the status above already says it. */}
            <dt>{t(running ? 'account.card.endsOn' : 'account.card.accessUntil')}</dt>
            <dd data-testid="subscription-ends">{dateTimeWords(words, facts.endsAt)}</dd>
          </div>
        )}
      </dl>
      {pastDue && (
        <div className={styles.warning} data-testid="subscription-past-due">
          <p className={styles.warningTitle}>{t('account.pastDue.title')}</p>
          <p>
            {pastDue.reason} {pastDue.next}
            {pastDue.dates && ` ${pastDue.dates}`}
          </p>
          {pastDue.walletFix ? (
            <p>
              {pastDue.walletFix.text} <a href={pastDue.walletFix.href}>{pastDue.walletFix.label}</a>
            </p>
          ) : (
            subscription.paymentChange === 'card' && (
              <p>
                <Msg
                  id={pastDue.awaitsBank ? 'account.pastDue.confirmPayment' : 'account.pastDue.updateCard'}
                  components={{ 0: cardLink }}
                />
              </p>
            )
          )}
        </div>
      )}
      {subscription.needsPaymentMethod && running && !pastDue && (
        <p className={styles.warning}>
          {t('account.card.noPaymentMethod')}{' '}
          <Msg id="account.card.addCard" components={{ 0: subscription.paymentChange === 'card' ? cardLink : <span /> }} />
        </p>
      )}
      <div className={actions.actions}>
        {subscription.canCancel && (
          <Link className={actions.secondary} href={`/account/subscriptions/${subscription.id}/cancel${livemodeQuery}`}>
            {buttonLabel(words, 'cancelButton', 'account.card.cancel')}
          </Link>
        )}
        {subscription.canWithdraw && (
          <Link className={actions.secondary} href={`/account/subscriptions/${subscription.id}/withdraw${livemodeQuery}`}>
            {t('account.card.withdraw')}
          </Link>
        )}
        {subscription.canResume && (
          <button type="button" className={actions.primary} onClick={() => void resume()} disabled={resuming} aria-busy={resuming}>
            {resuming && <Loader type="submission-processing" size="small" label={t('account.card.resuming')} />}
            {t('account.card.resume')}
          </button>
        )}
        {subscription.paymentChange === 'card' && running && (
          // A plain link, not next/link: the card page is a payment page, reached by a full page load only.
          <a className={actions.secondary} href={cardHref} data-testid="change-card">
            {t('account.card.changeCard')}
          </a>
        )}
        {subscription.isPrint && running && (
          <Link className={actions.secondary} href={`/account/subscriptions/${subscription.id}/address${livemodeQuery}`}>
            {t('account.card.changeAddress')}
          </Link>
        )}
        {subscription.business && running && (
          <Link className={actions.secondary} href={`/account/subscriptions/${subscription.id}/business${livemodeQuery}`}>
            {t('account.card.changeBusiness')}
          </Link>
        )}
      </div>
      {error && (
        <p role="alert" className={actions.error}>
          {error}
        </p>
      )}
      {/* The records, below what can be done. */}
      {(subscription.deliveryAddress || subscription.business) && (
        <dl className={`${styles.facts} ${styles.records}`}>
          {subscription.deliveryAddress && (
            <div>
              <dt>{t('account.card.deliveredTo')}</dt>
              <dd data-testid="subscription-delivery-address">{postalLines(words, subscription.deliveryAddress).join(', ')}</dd>
            </div>
          )}
          {subscription.business && (
            <div>
              <dt>{t('account.card.company')}</dt>
              <dd data-testid="subscription-company">
                {[subscription.business.companyName, subscription.business.vatNumber].filter(Boolean).join(', ')}
              </dd>
            </div>
          )}
        </dl>
      )}
      {walletNote && running && !pastDue && (
        // A wallet's payment method is changed at the wallet, as its renewal declaration says, not here.
        <p className={styles.note}>{t(walletNote)}</p>
      )}
      {subscription.invoices.length > 0 && (
        <section aria-label={t('account.card.invoices')} className={styles.invoices}>
          <h3>{t('account.card.invoices')}</h3>
          <ul>
            {subscription.invoices.map((invoice) => (
              <li key={invoice.transactionId}>
                <Link href={`/account/invoices/${invoice.transactionId}${livemodeQuery}`}>
                  {invoice.number}, {words.date(invoice.issuedAt)}, {words.money(invoice.total, invoice.currencyCode)}
                </Link>
                {invoice.refunded !== undefined && invoice.refunded > 0 && (
                  <span className={styles.refunded}>
                    {' '}
                    {t('account.card.refunded', { amount: words.money(invoice.refunded, invoice.currencyCode) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {subscription.history && subscription.history.length > 0 && (
        <section aria-label={t('account.card.history')} className={styles.invoices}>
          <h3>{t('account.card.history')}</h3>
          <ol data-testid="subscription-history">
            {subscription.history.map((line, index) => (
              <li key={index}>{t('account.card.historyLine', { date: words.date(line.at), text: historyText(words, line.event) })}</li>
            ))}
          </ol>
        </section>
      )}
      {subscription.testClock && <TestClockPanel subscription={{ ...subscription, testClock: subscription.testClock }} onMoved={update} />}
    </article>
  );
}
