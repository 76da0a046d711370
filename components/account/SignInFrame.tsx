import type { ReactNode } from 'react';
import Link from 'next/link';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { TestModeBanner } from '@/components/ui/TestModeBanner';
import styles from './Account.module.css';

/** The sign-in pages' neutral frame (no brand: an account spans them all): a plain header and one card; in test mode, its banner. */
export function SignInFrame({ title, livemode = true, children }: { title: string; livemode?: boolean; children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <DocumentTitle title={`${title} | Your account`} />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {!livemode && <TestModeBanner />}
      <header className={styles.header}>Your account</header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <Link href={livemode ? '/cancel' : '/cancel?livemode=false'}>Cancel a subscription</Link>
      </footer>
    </div>
  );
}
