import { isPaymentPage } from '@/lib/journey/paymentPages';
import { isolatePaymentPages } from './paymentPageIsolation';
import { loadScriptOnce } from './scriptLoader';

/**
 * Marketing code (the tag manager, the group's martech library) never runs on a payment
 * page (PCI DSS 6.4.3: only the payment inventory's scripts run where card data is typed).
 * It does not load there, and once it has loaded in a document, that document never becomes
 * a payment page: the move there is a full page load (paymentPageIsolation.ts).
 */
let removeIsolation: (() => void) | null = null;

/** Loads a marketing script unless this is a payment page; whether it was (or already is) loaded. */
export function loadMarketingScript(win: Window, src: string, failure: string): boolean {
  if (isPaymentPage(win.location.pathname)) return false;
  loadScriptOnce(win.document, src, failure);
  removeIsolation ??= isolatePaymentPages(win, needsFullLoad);
  return true;
}

/** Whether moving this document to `url` must be a full page load, leaving marketing code behind. */
export function needsFullLoad(url: string): boolean {
  return removeIsolation !== null && isPaymentPage(new URL(url, 'http://x').pathname);
}

/** For tests: a document without marketing code. */
export function forgetMarketingCode(): void {
  removeIsolation?.();
  removeIsolation = null;
}
