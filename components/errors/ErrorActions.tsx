import { useEffect, useState } from 'react';
import { useWords } from '@/components/shell/I18n';
import styles from './ErrorActions.module.css';

/** Loads the same page again: after a server error, the one thing the visitor can do. */
export function TryAgainButton({ primary }: { primary: boolean }) {
  const { t } = useWords();
  return (
    <button type="button" className={primary ? styles.primary : styles.secondary} onClick={() => window.location.reload()}>
      {t('common.error.tryAgain')}
    </button>
  );
}

/** Back into the brand's journey; a full load, so that nothing of the failed page is kept. */
export function BrandHomeLink({ href, brandName, primary }: { href: string; brandName: string; primary: boolean }) {
  const { t } = useWords();
  return (
    <a className={primary ? styles.primary : styles.secondary} href={href}>
      {t('common.error.backToBrand', { brand: brandName })}
    </a>
  );
}

/** Back to the subscriber's account, from a page under it that does not exist. */
export function AccountHomeLink({ href, primary }: { href: string; primary: boolean }) {
  const { t } = useWords();
  return (
    <a className={primary ? styles.primary : styles.secondary} href={href}>
      {t('common.error.backToAccount')}
    </a>
  );
}

/** On to the brand's current offer, when the one asked for has ended or is unknown. */
export function CurrentOfferLink({ href, brandName }: { href: string; brandName: string }) {
  const { t } = useWords();
  return (
    <a className={styles.primary} href={href}>
      {t('errors.currentOffer', { brand: brandName })}
    </a>
  );
}

/**
 * Whether going back leads to one of our pages: the visitor came from this site (a
 * same-origin referrer) and the tab has an entry before this one. A visitor from an e-mail
 * or another site, or in a new tab, has nowhere of ours to go back to.
 */
export function canGoBackHere(referrer: string, origin: string, historyLength: number): boolean {
  if (historyLength < 2 || !referrer) return false;
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Back to where the visitor came from, for pages with no brand offer to go on to. Shown
 * only once the page runs in a browser with one of our pages to go back to: never a button
 * that does nothing.
 */
export function GoBackButton() {
  const [canGoBack, setCanGoBack] = useState(false);
  const { t } = useWords();
  useEffect(() => setCanGoBack(canGoBackHere(document.referrer, window.location.origin, window.history.length)), []);
  if (!canGoBack) return null;
  return (
    <button type="button" className={styles.secondary} onClick={() => window.history.back()}>
      {t('errors.goBack')}
    </button>
  );
}
