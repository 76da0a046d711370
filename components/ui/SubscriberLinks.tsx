import Link from 'next/link';
import styles from './SubscriberLinks.module.css';

/**
 * The links every page's footer carries: the account, cancelling without signing in, which
 * § 312k BGB wants reachable from every page, and withdrawing within 14 days (the EU's
 * withdrawal function, Directive 2023/2673).
 */
export function SubscriberLinks({ livemode = true }: { livemode?: boolean }) {
  // Test mode's subscriptions are test-mode ones: the links stay in the page's mode.
  const query = livemode ? '' : '?livemode=false';
  // Not fetched ahead while merely in view (Next then loads and runs each page's code on every
  // journey page, measured at some 40 ms of a phone's main thread); still fetched on hover.
  return (
    <nav aria-label="Your subscription" className={styles.links}>
      <Link href={`/account${query}`} prefetch={false}>
        Your account
      </Link>
      <Link href={`/cancel${query}`} prefetch={false}>
        Cancel a subscription
      </Link>
      <Link href={`/withdraw${query}`} prefetch={false}>
        Withdraw from contract here
      </Link>
    </nav>
  );
}
