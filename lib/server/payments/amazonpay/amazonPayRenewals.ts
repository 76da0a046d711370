import { amazonPayDeclaration } from '@/lib/payments/amazonpay/amazonPayDeclaration';
import type { ServerRenewalDeclaration } from '@/lib/server/payments/ServerRenewalDeclaration';

/**
 * Amazon Pay renews on our schedule, on the recurring charge permission its gateway reports
 * with the payment; the sandbox wallet's payment stands for that permission.
 */
export const amazonPayRenewals = {
  method: amazonPayDeclaration.id,
  renewal: amazonPayDeclaration.renewal,
  gateways: ['amazon-pay', 'sandbox-amazon-pay'],
  instrumentFromPayment: (gateway, paymentId) =>
    gateway === 'sandbox-amazon-pay' ? { kind: 'sandbox-wallet', wallet: 'amazon-pay', paymentId } : null,
} satisfies ServerRenewalDeclaration;
