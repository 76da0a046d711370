import { useState } from 'react';
import Link from 'next/link';
import { ErrorView } from '@/components/ui/ErrorView';
import { STATUS_TEXT } from '@/lib/account/accountWords';
import type { BackOfficeRefusal } from '@/lib/operators/backOfficeViews';
import { endReasonWords, type CareCustomerPageProps, type CareCustomerView } from '@/lib/operators/careViews';
import { CARE_PATH, careSubscriptionPath } from '@/lib/operators/operatorPaths';
import { BackOfficeFrame } from './BackOfficeFrame';
import { postalLines } from '@/lib/geo/countryName';
import { useWords } from '@/components/shell/I18n';
import { CareAddressForm } from './CareAddressForm';
import { CareCancelForm } from './CareCancelForm';
import { CareHistory } from './CareHistory';
import { CarePayments } from './CarePayments';
import { careMoney, careWhen } from './careWords';
import styles from './BackOffice.module.css';

/**
 * /admin/care/{subscriptionId}: one subscription and its customer, as care needs them on a
 * call: what they hold, what they paid and got back, what we e-mailed, what happened; and
 * care's actions (cancel at the period's end or at once, refund a payment in full or in part).
 * After each action the page shows the state the server answered, and says what was done.
 */
export function CareCustomerPanel(props: CareCustomerPageProps | BackOfficeRefusal) {
  const [customer, setCustomer] = useState<CareCustomerView | null>('kind' in props ? null : props.customer);
  const [done, setDone] = useState<string | null>(null);
  const words = useWords();
  if ('kind' in props || !customer) {
    return 'kind' in props ? <ErrorView title={props.title} message={props.message} /> : null;
  }
  const s = customer.subscription;
  const changed = (next: CareCustomerView | null, said: string | null) => {
    if (next) setCustomer(next);
    setDone(said);
  };

  return (
    <BackOfficeFrame title="Customer care" operator={props.operator}>
      <p>
        <Link className={styles.link} href={CARE_PATH}>
          Back to the search
        </Link>
      </p>
      <section className={styles.card} aria-labelledby="care-subscription">
        <h1 id="care-subscription">
          {s.offerName} ({s.brandSlug})
        </h1>
        <div aria-live="polite">
          {done && (
            <p className={styles.notice} role="status">
              {done}
            </p>
          )}
        </div>
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd>
            {STATUS_TEXT[s.status]}
            {s.livemode ? '' : ' (test mode)'}
          </dd>
          <dt>Owner</dt>
          <dd>{s.ownerEmail ?? 'Not claimed yet'}</dd>
          <dt>Billing e-mail</dt>
          <dd>{s.billingEmail}</dd>
          <dt>Period</dt>
          <dd>
            {careWhen(s.currentPeriodStart)} to {careWhen(s.currentPeriodEnd)}
            {s.trialEnd && <> (trial until {careWhen(s.trialEnd)})</>}
          </dd>
          <dt>Renews at</dt>
          <dd>
            {careMoney(s.renewalAmount, s.currencyCode)} a {s.billingInterval}, plus any tax
          </dd>
          <dt>Payment method</dt>
          <dd>
            {s.paymentMethod} (through {s.gateway})
          </dd>
          {s.cancelRequestedAt && (
            <>
              <dt>Cancelled</dt>
              <dd>
                {careWhen(s.cancelRequestedAt)}
                {s.cancelReason && <>: {s.cancelReason}</>}
              </dd>
            </>
          )}
          {s.endedAt && (
            <>
              <dt>Ended</dt>
              <dd>
                {careWhen(s.endedAt)}
                {s.endReason && <>: {endReasonWords(s.endReason)}</>}
              </dd>
            </>
          )}
          {s.deliveryAddress && (
            <>
              <dt>Delivered to</dt>
              <dd data-testid="care-delivery-address">{postalLines(words, s.deliveryAddress).join(', ')}</dd>
            </>
          )}
          <dt>Subscription id</dt>
          <dd>
            <code>{s.id}</code>
          </dd>
        </dl>
      </section>
      <CareAddressForm key={JSON.stringify(s.deliveryAddress)} subscription={s} onDone={changed} />
      <CareCancelForm subscription={s} onDone={changed} />
      <CarePayments transactions={customer.transactions} onDone={changed} />
      <CareHistory mails={customer.mails} events={customer.events} />
      {customer.others.length > 0 && (
        <section className={styles.card} aria-labelledby="care-others">
          <h2 id="care-others">The customer’s other subscriptions</h2>
          <ul>
            {customer.others.map((o) => (
              <li key={o.subscriptionId}>
                <Link className={styles.link} href={careSubscriptionPath(o.subscriptionId)}>
                  {o.offerName} ({o.brandSlug})
                </Link>{' '}
                {STATUS_TEXT[o.status]}
                {o.livemode ? '' : ' (test mode)'}
              </li>
            ))}
          </ul>
        </section>
      )}
    </BackOfficeFrame>
  );
}
