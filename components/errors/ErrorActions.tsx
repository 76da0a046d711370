import { useEffect, useState } from 'react';
import styles from './ErrorActions.module.css';

/** Loads the same page again: after a server error, the one thing the visitor can do. */
export function TryAgainButton({ primary }: { primary: boolean }) {
  return (
    <button type="button" className={primary ? styles.primary : styles.secondary} onClick={() => window.location.reload()}>
      Try again
    </button>
  );
}

/** Back into the brand's journey; a full load, so that nothing of the failed page is kept. */
export function BrandHomeLink({ href, brandName, primary }: { href: string; brandName: string; primary: boolean }) {
  return (
    <a className={primary ? styles.primary : styles.secondary} href={href}>
      {`Back to ${brandName}`}
    </a>
  );
}

/**
 * Back to where the visitor came from, for pages outside any brand. Shown once the page runs
 * in a browser with somewhere to go back to (none after a link opened in a new tab).
 */
export function GoBackButton() {
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => setCanGoBack(window.history.length > 1), []);
  if (!canGoBack) return null;
  return (
    <button type="button" className={styles.secondary} onClick={() => window.history.back()}>
      Go back
    </button>
  );
}
