import type { ReactNode } from 'react';
import Link from 'next/link';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { TestModeBanner } from '@/components/ui/TestModeBanner';
import { withLang } from '@/lib/i18n/langLink';
import styles from './Account.module.css';

/** The sign-in pages' neutral frame (no brand: an account spans them all): a plain header and one card; in test mode, its banner. */
export function SignInFrame({ title, livemode = true, children }: { title: string; livemode?: boolean; children: ReactNode }) {
  const { t, locale } = useWords();
  return (
    <div className={styles.frame}>
      <DocumentTitle title={t('account.frame.documentTitle', { title })} />
      <a className="skip-link" href="#main">
        {t('common.skipToMain')}
      </a>
      {!livemode && <TestModeBanner />}
      <header className={styles.header}>{t('account.frame.title')}</header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <Link href={withLang(livemode ? '/cancel' : '/cancel?livemode=false', locale)}>{t('common.subscriberLinks.cancel')}</Link>
      </footer>
    </div>
  );
}
