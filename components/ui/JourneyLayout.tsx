import type { ReactNode, Ref } from 'react';
import type { BrandIdentity } from '@/lib/catalogue/types';
import { brandTheme } from './brandTheme';
import { TestModeBanner } from './TestModeBanner';
import { CookieSettingsButton } from '@/components/shell/CookieSettingsButton';
import { ConsentBannerSlot } from '@/components/shell/Consent';
import { SubscriberLinks } from './SubscriberLinks';
import styles from './JourneyLayout.module.css';

interface JourneyLayoutProps {
  brandName: string;
  identity: BrandIdentity;
  livemode: boolean;
  children: ReactNode;
  /** The main area, for the step's tap feedback (components/steps/useNavigationFeedback). */
  mainRef?: Ref<HTMLElement>;
}

/** The brand-themed frame of every journey page: skip link, header, main, footer. */
export function JourneyLayout({ brandName, identity, livemode, children, mainRef }: JourneyLayoutProps) {
  return (
    <div className={styles.frame} {...brandTheme(identity)}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <ConsentBannerSlot />
      {!livemode && <TestModeBanner />}
      <header className={styles.header}>{brandName}</header>
      <main id="main" ref={mainRef} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        {`${brandName}${identity.tagline ? ` · ${identity.tagline}` : ''}. Prices include any discount shown; taxes are calculated at checkout.`}
        <CookieSettingsButton />
        <SubscriberLinks livemode={livemode} />
      </footer>
    </div>
  );
}
