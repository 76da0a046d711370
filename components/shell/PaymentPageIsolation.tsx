import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { needsFullLoad } from '@/lib/browser/marketingCode';

/**
 * Once marketing code has run in this document, the journey reaches a payment page by a
 * full page load, never client-side, so that no tag-manager or martech code is present
 * where card data is typed. Links are caught before Next's own click handler (a capturing
 * listener on the window), back and forward through the router's popstate hook.
 */
export function PaymentPageIsolation() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
      // Left untouched, the browser follows the link itself: a full load of the payment page.
      if (needsFullLoad(anchor.href)) event.stopPropagation();
    };
    window.addEventListener('click', onClick, true);
    router.beforePopState(({ as }) => {
      if (!needsFullLoad(as)) return true;
      window.location.assign(as);
      return false;
    });
    return () => {
      window.removeEventListener('click', onClick, true);
      router.beforePopState(() => true);
    };
  }, [router]);
  return null;
}
