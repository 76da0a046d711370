import { useWords } from '@/components/shell/I18n';
import { withLang } from '@/lib/i18n/langLink';
import styles from './SubscriberLinks.module.css';

/**
 * The links every page's footer carries: the account, cancelling without signing in, which
 * § 312k BGB wants reachable from every page, and withdrawing within 14 days (the EU's
 * withdrawal function, Directive 2023/2673).
 */
export function SubscriberLinks({ livemode = true }: { livemode?: boolean }) {
  // Test mode's subscriptions are test-mode ones: the links stay in the page's mode.
  const query = livemode ? '' : '?livemode=false';
  const { t, locale } = useWords();
  // Plain links, each a page load: next/link added 1.9 kB gzip to every journey page's first
  // load, and fetching the pages' code ahead cost some 40 ms of a phone's main thread.
  return (
    <nav aria-label={t('common.subscriberLinks.label')} className={styles.links}>
      <a href={withLang(`/account${query}`, locale)}>{t('common.subscriberLinks.account')}</a>
      <a href={withLang(`/cancel${query}`, locale)}>{t('common.subscriberLinks.cancel')}</a>
      <a href={withLang(`/withdraw${query}`, locale)}>{t('common.subscriberLinks.withdraw')}</a>
    </nav>
  );
}
