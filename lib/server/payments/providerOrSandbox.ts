import type { z } from 'zod';
import type { PaymentMethodId } from '@/lib/payments/methods';
import type { BrowserConfigOf, GatewayDeps, ServerPaymentMethod } from './ServerPaymentMethod';
import type { PaymentGateway } from './PaymentGateway';

/** A provider's method as its folder declares it: the provider's side, and the sandbox's gateway. */
export interface ProviderOrSandbox<K extends PaymentMethodId, Schema extends z.ZodObject> extends Pick<
  ServerPaymentMethod<K, Schema>,
  'id' | 'settings' | 'scripts' | 'configured' | 'walletReturnUrl'
> {
  /** The provider's browser config, CSP sources and gateway: used only where `configured` says its keys are set. */
  provider: Pick<ServerPaymentMethod<K, Schema>, 'browserConfig' | 'cspSources' | 'createGateway'>;
  /** The sandbox gateway that takes the method's payments otherwise. */
  sandbox(deps: GatewayDeps): PaymentGateway;
}

/**
 * Every provider's method follows one rule: its provider when its keys are set, else the
 * sandbox (whose browser view needs nothing but `gateway: 'sandbox'` and whose page is our own,
 * so it allows no other origin). Said once here rather than in each method's three functions.
 */
export function providerOrSandbox<K extends PaymentMethodId, Schema extends z.ZodObject>(
  method: ProviderOrSandbox<K, Schema>,
): ServerPaymentMethod<K, Schema> {
  const { id, settings, scripts, configured, provider, sandbox, walletReturnUrl } = method;
  return {
    id,
    settings,
    scripts,
    configured,
    ...(walletReturnUrl ? { walletReturnUrl } : {}),
    // Every method's config type includes the sandbox's (lib/payments/…Declaration.ts).
    browserConfig: (env, livemode) =>
      configured(env) ? provider.browserConfig(env, livemode) : ({ gateway: 'sandbox' } as BrowserConfigOf<K>),
    cspSources: (env) => (configured(env) ? provider.cspSources(env) : {}),
    createGateway: (env, deps) => (configured(env) ? provider.createGateway(env, deps) : sandbox(deps)),
  };
}
