import type { ReactNode } from 'react';
import Link from 'next/link';
import type { AccountBrand } from '@/lib/account/accountView';
import { useWords } from '@/components/shell/I18n';
import { withLang } from '@/lib/i18n/langLink';
import { brandTheme } from '@/components/ui/brandTheme';
import { TestModeBanner } from '@/components/ui/TestModeBanner';
import { SubscriberLinks } from '@/components/ui/SubscriberLinks';
import { SignOutButton } from './SignOutButton';
import styles from './AccountFrame.module.css';

interface AccountFrameProps {
  /** The brand whose look the page takes, when all it shows is one brand's. */
  brand: AccountBrand | null;
  livemode: boolean;
  /** Who is signed in; null on a page that needs nobody signed in. */
  email: string | null;
  children: ReactNode;
}

/** The frame of the subscriber's pages: the brand's look where it shows one brand, who is signed in, sign out. */
export function AccountFrame({ brand, livemode, email, children }: AccountFrameProps) {
  const { t, locale } = useWords();
  const theme = brand ? brandTheme(brand.identity) : {};
  return (
    <div className={`${styles.frame} ${brand ? styles.branded : ''}`} {...theme}>
      <a className="skip-link" href="#main">
        {t('common.skipToMain')}
      </a>
      {!livemode && <TestModeBanner />}
      <header className={styles.header}>
        <Link href={withLang(livemode ? '/account' : '/account?livemode=false', locale)} className={styles.home}>
          {brand ? t('account.frame.brandTitle', { brand: brand.name }) : t('account.frame.title')}
        </Link>
        {email && (
          <div className={styles.who}>
            <span className={styles.email}>{email}</span>
            <SignOutButton livemode={livemode} />
          </div>
        )}
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <SubscriberLinks livemode={livemode} />
      </footer>
    </div>
  );
}
