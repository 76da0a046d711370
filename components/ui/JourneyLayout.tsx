import type { CSSProperties, ReactNode } from 'react';
import type { BrandIdentity } from '@/lib/catalogue/types';
import { TestModeBanner } from './TestModeBanner';
import { CookieSettingsButton } from '../shell/CookieSettingsButton';
import { ConsentBannerSlot } from '../shell/Consent';
import styles from './JourneyLayout.module.css';

const FONT_STACKS: Record<BrandIdentity['fontFamily'], string> = {
  serif: 'Georgia, "Times New Roman", Times, serif',
  sans: '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif',
  display: 'Didot, "Bodoni 72", "Bodoni MT", Georgia, serif',
};

interface JourneyLayoutProps {
  brandName: string;
  identity: BrandIdentity;
  livemode: boolean;
  children: ReactNode;
}

/** The brand-themed frame of every journey page: skip link, header, main, footer. */
export function JourneyLayout({ brandName, identity, livemode, children }: JourneyLayoutProps) {
  const theme = {
    '--brand-primary': identity.primaryColor,
    '--brand-accent': identity.accentColor,
    '--brand-background': identity.backgroundColor,
    '--brand-text': identity.textColor,
    '--brand-font': FONT_STACKS[identity.fontFamily],
  } as CSSProperties;
  return (
    <div className={styles.frame} style={theme}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <ConsentBannerSlot />
      {!livemode && <TestModeBanner />}
      <header className={styles.header}>{brandName}</header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        {`${brandName}${identity.tagline ? ` · ${identity.tagline}` : ''}. Prices include any discount shown; taxes are calculated at checkout.`}
        <CookieSettingsButton />
      </footer>
    </div>
  );
}
