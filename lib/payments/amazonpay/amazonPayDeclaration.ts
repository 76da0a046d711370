import { declarePaymentMethod } from '@/lib/payments/paymentMethodDeclaration';
import { amazonPayRenewal } from './amazonPayRenewal';

/** The Amazon Pay view's config: the public ids of the visitor's mode, or the sandbox wallet. */
export type AmazonPayConfig =
  | { gateway: 'sandbox' }
  | { gateway: 'amazon-pay'; merchantId: string; publicKeyId: string; storeId: string; sandbox: boolean; region: 'na' | 'eu' | 'jp' };

/** Amazon Pay ("amazon-pay" in SPEC §3): a wallet, Amazon's button, with the sandbox wallet standing in when it has no keys. */
export const amazonPayDeclaration = declarePaymentMethod<AmazonPayConfig>()({
  id: 'amazon-pay',
  label: 'Amazon Pay',
  wallet: true,
  renewal: amazonPayRenewal,
});
