import { useEffect, type RefObject } from 'react';
import Router from 'next/router';

/** A click this recent counts as the one that started the move. */
const CLICK_STARTS_MOVE_MS = 1000;
export const PENDING_ATTRIBUTE = 'data-navigation-pending';

/**
 * Marks the link or button a visitor tapped as busy (aria-busy, and an attribute the
 * frame's stylesheet dims) from the tap until the next step shows, so that a tap on a slow
 * phone answers at once instead of after the next step's data and code (issue 25: 2.1 s
 * with the CPU slowed 4×). A link always moves on, so it is marked at the tap; a button
 * only once the move it started begins.
 */
export function useNavigationFeedback(area: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = area.current;
    if (!root) return undefined;
    let last: { element: HTMLElement; at: number } | null = null;
    let marked: HTMLElement | null = null;
    const clear = () => {
      marked?.removeAttribute(PENDING_ATTRIBUTE);
      marked?.removeAttribute('aria-busy');
      marked = null;
    };
    const mark = (element: HTMLElement) => {
      clear();
      marked = element;
      element.setAttribute(PENDING_ATTRIBUTE, '');
      element.setAttribute('aria-busy', 'true');
    };
    const onClick = (event: MouseEvent) => {
      const element = (event.target as Element | null)?.closest<HTMLElement>('a[href], button');
      if (!element || !root.contains(element)) return;
      last = { element, at: Date.now() };
      const link = element instanceof HTMLAnchorElement ? element : null;
      // An in-page link, a new tab or a modified click does not move this page on.
      if (link && !link.target && !link.hasAttribute('download') && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
        const url = new URL(link.href, window.location.href);
        if (url.origin === window.location.origin && url.pathname !== window.location.pathname) mark(link);
      }
    };
    const onStart = () => {
      if (last && Date.now() - last.at < CLICK_STARTS_MOVE_MS && last.element.isConnected) mark(last.element);
    };
    root.addEventListener('click', onClick);
    Router.events.on('routeChangeStart', onStart);
    Router.events.on('routeChangeComplete', clear);
    Router.events.on('routeChangeError', clear);
    return () => {
      root.removeEventListener('click', onClick);
      Router.events.off('routeChangeStart', onStart);
      Router.events.off('routeChangeComplete', clear);
      Router.events.off('routeChangeError', clear);
      clear();
    };
  }, [area]);
}
