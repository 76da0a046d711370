import { parseJourneyPath } from './path';
import { STEPS } from './steps';

/** The sandbox's stand-ins for the bank's 3-D Secure page and the wallets' approval pages. */
const SANDBOX_PAYMENT_PREFIX = '/sandbox/';

/** The account's card change: card fields as on the payment step (next.config.js gives it the step's Permissions-Policy). */
const ACCOUNT_CARD_PAGE = /^\/account\/subscriptions\/[^/]+\/card\/?$/;

/**
 * Whether a pathname is a payment page: a journey step declared one (the payment step and
 * Amazon Pay's return), a sandbox payment page, or the account's card change. The script inventory and the stricter
 * third-party rules apply there.
 */
export function isPaymentPage(pathname: string): boolean {
  if (pathname.startsWith(SANDBOX_PAYMENT_PREFIX) || ACCOUNT_CARD_PAGE.test(pathname)) return true;
  const location = parseJourneyPath(pathname);
  return Boolean(location && STEPS.find((step) => step.id === location.step)?.paymentPage);
}
