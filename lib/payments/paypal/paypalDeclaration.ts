import { declarePaymentMethod } from '@/lib/payments/paymentMethodDeclaration';
import { paypalRenewal } from './paypalRenewal';

/** The PayPal view's config: the client id of the visitor's mode, or the sandbox wallet. */
export type PayPalConfig = { gateway: 'sandbox' } | { gateway: 'paypal'; clientId: string; environment: 'sandbox' | 'production' };

/** PayPal ("paypal" in SPEC §3): a wallet, its own buttons, with the sandbox wallet standing in when it has no keys. */
export const paypalDeclaration = declarePaymentMethod<PayPalConfig>()({
  id: 'paypal',
  label: 'PayPal',
  wallet: true,
  renewal: paypalRenewal,
});
