import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import styles from './Mailbox.module.css';

/** The mailbox's frame: skip link, header, and the main column the content goes in. */
export function MailboxFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <DocumentTitle title={`${title} · Development mailbox`} />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className={styles.header}>
        <span className={styles.product}>Subscriptions</span>
        <span className={styles.area}>Development mailbox</span>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
