import type { ReactNode, Ref } from 'react';
import type { BrandIdentity, PreviewMark } from '@/lib/catalogue/types';
import { brandTheme } from './brandTheme';
import { TestModeBanner } from './TestModeBanner';
import { CookieSettingsButton } from '@/components/shell/CookieSettingsButton';
import { ConsentBannerSlot } from '@/components/shell/Consent';
import { SubscriberLinks } from './SubscriberLinks';
import { useWords } from '@/components/shell/I18n';
import styles from './JourneyLayout.module.css';

interface JourneyLayoutProps {
  brandName: string;
  identity: BrandIdentity;
  livemode: boolean;
  /** A preview link's page: its banner says which version it shows (always in test mode). */
  preview?: PreviewMark;
  /** The footer says prices include VAT, rather than that tax is added at checkout. */
  pricesIncludeTax: boolean;
  children: ReactNode;
  /** The main area, for the step's tap feedback (components/steps/useNavigationFeedback). */
  mainRef?: Ref<HTMLElement>;
}

/** The brand-themed frame of every journey page: skip link, header, main, footer. */
export function JourneyLayout({ brandName, identity, livemode, preview, pricesIncludeTax, children, mainRef }: JourneyLayoutProps) {
  const { t } = useWords();
  const brandLine = identity.tagline ? t('common.footer.brandLine', { brand: brandName, tagline: identity.tagline }) : brandName;
  const pricesNote = t(pricesIncludeTax ? 'common.footer.pricesNote.included' : 'common.footer.pricesNote.added');
  return (
    <div className={styles.frame} {...brandTheme(identity)}>
      <a className="skip-link" href="#main">
        {t('common.skipToMain')}
      </a>
      <ConsentBannerSlot />
      {!livemode && <TestModeBanner preview={preview} />}
      <header className={styles.header}>{brandName}</header>
      <main id="main" ref={mainRef} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        {`${brandLine}. ${pricesNote}`}
        <CookieSettingsButton />
        <SubscriberLinks livemode={livemode} />
      </footer>
    </div>
  );
}
