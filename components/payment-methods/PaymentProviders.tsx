import { useEffect, useEffectEvent, type ReactNode } from 'react';
import type { EnabledPaymentMethod, PaymentMethodId } from '@/lib/payments/methods';
import { paymentMethodView } from './registry';
import type { PaymentMethodView } from './types';

/** The code of a method's provider (PayPal's SDK buttons, Amazon Pay's button), as its view says, for a config that uses it. */
function preload(method: EnabledPaymentMethod): Promise<unknown> | null {
  // Each entry's view takes that entry's config: the registry is keyed by the same id.
  const view = paymentMethodView(method.id) as PaymentMethodView<PaymentMethodId>;
  return view.preload?.(method.config) ?? null;
}

/**
 * The payment providers of the payment step, for the live or test configuration the page
 * was given: their code is fetched once the payment step renders (never on other pages, so
 * no other page carries it), so that choosing a wallet shows its button at once. Each
 * provider's script itself (PayPal's SDK, checkout.js) loads when its method is chosen.
 * This sits on the payment step rather than in _app: _app's code is in every page's first load.
 */
export function PaymentProviders({ methods, children }: { methods: readonly EnabledPaymentMethod[]; children: ReactNode }) {
  const configured = methods.map((method) => `${method.id}:${method.config.gateway}`).join(',');
  const preloadAll = useEffectEvent(() => {
    for (const method of methods) void preload(method)?.catch(() => undefined);
  });
  // The configuration, not the array's identity, decides when to fetch.
  useEffect(() => preloadAll(), [configured]);
  return <>{children}</>;
}
