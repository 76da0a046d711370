import type { ReactNode } from 'react';
import type { BrandIdentity } from '@/lib/catalogue/types';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { brandTheme } from './brandTheme';
import { SubscriberLinks } from './SubscriberLinks';
import { TestModeBanner } from './TestModeBanner';
import { useWords } from '@/components/shell/I18n';
import styles from './ErrorView.module.css';

interface ErrorViewProps {
  title: string;
  message: string;
  /** The brand whose look and name the page takes; absent: a neutral page. */
  brand?: { name: string; identity: BrandIdentity } | null;
  /** A small line above the title ("Error 404"), for a visitor who tells support what they saw. */
  eyebrow?: string;
  /** The ways on: links or buttons. */
  children?: ReactNode;
  /** More below the ways on (the not-found page's list of brands). */
  after?: ReactNode;
  /** False in test mode: the banner, as on every page of the journey and the account, and the footer's links kept in it. */
  livemode?: boolean;
}

/**
 * A page for when the journey cannot be shown (not found, bad link, server error): in the
 * brand's frame (header, footer, colours) when the brand is known, else a neutral card.
 */
export function ErrorView({ title, message, brand = null, eyebrow, children, after, livemode = true }: ErrorViewProps) {
  const { t } = useWords();
  const main = (
    <main id="main" className={styles.main} tabIndex={-1}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.message}>{message}</p>
      {children && <div className={styles.actions}>{children}</div>}
      {after}
    </main>
  );
  return (
    <div className={brand ? styles.branded : styles.neutral} {...(brand ? brandTheme(brand.identity) : {})}>
      <DocumentTitle title={brand ? t('common.title.page', { name: title, brand: brand.name }) : title} />
      {brand && (
        <a className="skip-link" href="#main">
          {t('common.skipToMain')}
        </a>
      )}
      {!livemode && <TestModeBanner />}
      {brand && <header className={styles.header}>{brand.name}</header>}
      {/* Neutral, the card sits in its own area below the banner, which spans the page. */}
      {brand ? main : <div className={styles.neutralArea}>{main}</div>}
      {brand && (
        <footer className={styles.footer}>
          {brand.identity.tagline ? t('common.footer.brandLine', { brand: brand.name, tagline: brand.identity.tagline }) : brand.name}
          <SubscriberLinks livemode={livemode} />
        </footer>
      )}
    </div>
  );
}
