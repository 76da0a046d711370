import { useEffect, type ReactNode } from 'react';
import type { EnabledPaymentMethod, PaymentMethodId } from '@/lib/payments/methods';

/**
 * The code of each wallet's provider (PayPal's SDK buttons, Amazon Pay's button), by method,
 * for the methods whose real keys are configured (the sandbox needs none).
 */
const PROVIDER_CODE: Partial<Record<PaymentMethodId, (method: EnabledPaymentMethod) => Promise<unknown> | null>> = {
  paypal: (method) => (method.config.gateway === 'paypal' ? import('@/components/payment-methods/paypal/PayPalButtonsPanel') : null),
  'amazon-pay': (method) => (method.config.gateway === 'amazon-pay' ? import('@/components/payment-methods/amazonpay/AmazonPayButtonPanel') : null),
};

/**
 * The payment providers of the payment step, for the live or test configuration the page
 * was given: their code is fetched once the payment step renders (never on other pages, so
 * no other page carries it), so that choosing a wallet shows its button at once. Each
 * provider's script itself (PayPal's SDK, checkout.js) loads when its method is chosen.
 * This sits on the payment step rather than in _app: _app's code is in every page's first load.
 */
export function PaymentProviders({ methods, children }: { methods: readonly EnabledPaymentMethod[]; children: ReactNode }) {
  const configured = methods.map((method) => `${method.id}:${method.config.gateway}`).join(',');
  useEffect(() => {
    for (const method of methods) void PROVIDER_CODE[method.id]?.(method)?.catch(() => undefined);
    // The configuration, not the array's identity, decides what to fetch.
  }, [configured]);
  return <>{children}</>;
}
