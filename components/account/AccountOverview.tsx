import Link from 'next/link';
import type { AccountPageProps } from '@/lib/account/accountView';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { accountSignInHref } from '@/lib/identity/signInPages';
import { AccountFrame } from './AccountFrame';
import { SubscriptionCard } from './SubscriptionCard';

/** /account: the signed-in subscriber's subscriptions, each with its invoices and what can be done. */
export function AccountOverview({ email, livemode, subscriptions, brand }: AccountPageProps) {
  const livemodeQuery = livemode ? '' : '?livemode=false';
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
        subscriptions.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} livemodeQuery={livemodeQuery} />
        ))
      )}
    </AccountFrame>
  );
}
