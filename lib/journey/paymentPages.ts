import { parseJourneyPath } from './path';
import { STEPS } from './steps';

/** The sandbox's stand-ins for the bank's 3-D Secure page and the wallets' approval pages. */
const SANDBOX_PAYMENT_PREFIX = '/sandbox/';

/**
 * Whether a pathname is a payment page: a journey step declared one (the payment step and
 * Amazon Pay's return), or a sandbox payment page. The script inventory and the stricter
 * third-party rules apply there.
 */
export function isPaymentPage(pathname: string): boolean {
  if (pathname.startsWith(SANDBOX_PAYMENT_PREFIX)) return true;
  const location = parseJourneyPath(pathname);
  return Boolean(location && STEPS.find((step) => step.id === location.step)?.paymentPage);
}
