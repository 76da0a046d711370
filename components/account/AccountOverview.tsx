import Link from 'next/link';
import type { AccountPageProps } from '@/lib/account/accountView';
import { arrangeSubscriptions, endedFoldLabel } from '@/lib/account/accountList';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { accountSignInHref } from '@/lib/identity/signInPages';
import { AccountFrame } from './AccountFrame';
import { SubscriptionCard } from './SubscriptionCard';
import styles from './AccountOverview.module.css';

/**
 * /account: the signed-in subscriber's subscriptions, each with its invoices and what can be
 * done. Those still running come first; ended ones are folded below them (open when nothing
 * else is there), so that on a phone the first card is one that can be acted on.
 */
export function AccountOverview({ email, livemode, subscriptions, brand }: AccountPageProps) {
  const livemodeQuery = livemode ? '' : '?livemode=false';
  const { live, ended } = arrangeSubscriptions(subscriptions);
  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title="Your subscriptions" />
      <h1>Your subscriptions</h1>
      {subscriptions.length === 0 ? (
        <p data-testid="no-subscriptions">
          You are signed in as {email}, and no subscription belongs to this address{livemode ? '' : ' (test mode included)'}. If you
          subscribed with another address, sign out and sign in with that one.{' '}
          <Link href={accountSignInHref({ livemode })}>Sign in with another address</Link>
        </p>
      ) : (
        <>
          {live.map((subscription) => (
            <SubscriptionCard key={subscription.id} subscription={subscription} livemodeQuery={livemodeQuery} />
          ))}
          {ended.length > 0 && (
            <details className={styles.ended} data-testid="ended-subscriptions" open={live.length === 0}>
              <summary>{endedFoldLabel(ended.length)}</summary>
              {ended.map((subscription) => (
                <SubscriptionCard key={subscription.id} subscription={subscription} livemodeQuery={livemodeQuery} />
              ))}
            </details>
          )}
        </>
      )}
    </AccountFrame>
  );
}
