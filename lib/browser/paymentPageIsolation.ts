import Router from 'next/router';

/**
 * From now on this document reaches a payment page only by a full page load, leaving its
 * marketing code behind: links are caught before Next's own click handler (a capturing
 * listener on the window), back and forward through the router's popstate hook. Installed
 * by the first marketing code that loads (marketingCode.ts), so that pages without any carry
 * none of this. Returns the removal.
 */
export function isolatePaymentPages(win: Window, needsFullLoad: (url: string) => boolean): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== win.location.origin) return;
    // Left untouched, the browser follows the link itself: a full load of the payment page.
    if (needsFullLoad(anchor.href)) event.stopPropagation();
  };
  win.addEventListener('click', onClick, true);
  Router.beforePopState(({ as }) => {
    if (!needsFullLoad(as)) return true;
    win.location.assign(as);
    return false;
  });
  return () => {
    win.removeEventListener('click', onClick, true);
    Router.beforePopState(() => true);
  };
}
