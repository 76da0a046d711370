import { paypalDeclaration } from '@/lib/payments/paypal/paypalDeclaration';
import type { ServerRenewalDeclaration } from '@/lib/server/payments/ServerRenewalDeclaration';

/** PayPal renews by itself: its subscription (or the sandbox wallet's payment standing for it) is what renews. */
export const paypalRenewals = {
  method: paypalDeclaration.id,
  renewal: paypalDeclaration.renewal,
  gateways: ['paypal', 'sandbox-paypal'],
  instrumentFromPayment: (gateway, paymentId) =>
    gateway === 'paypal' ? { kind: 'paypal', subscriptionId: paymentId } : { kind: 'sandbox-wallet', wallet: 'paypal', paymentId },
} satisfies ServerRenewalDeclaration;
