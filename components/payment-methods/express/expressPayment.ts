import type { BillingForm } from '@/lib/checkout/billing';
import type { ExpressWalletId } from '@/lib/payments/express/expressWallets';
import type { PaymentMethodHandle } from '@/components/payment-methods/types';

/**
 * What an express wallet hands the payment step: the billing form as the wallet fills it
 * (name, e-mail and address; the country stays the one the order is priced for), and the
 * card payment's two actions. The step runs it as its own payment, with the wallet named.
 */
export interface ExpressPayment {
  wallet: ExpressWalletId;
  form: BillingForm;
  method: Pick<PaymentMethodHandle, 'prepare' | 'handleAction'>;
}
