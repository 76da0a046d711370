import type { ReactNode } from 'react';
import { CheckoutConfigProvider, checkoutConfigFrom } from './CheckoutConfig';
import { PreAuthGate } from './PreAuthGate';
import { RouteChangeLoader } from './RouteChangeLoader';

/**
 * The shell around every page (SPEC §1), one provider per file. Payment providers,
 * consent, tracking and the pre-auth gate join here as they are built.
 */
export function ShellProviders({ pageProps, children }: { pageProps: unknown; children: ReactNode }) {
  return (
    <CheckoutConfigProvider config={checkoutConfigFrom(pageProps)}>
      <RouteChangeLoader />
      <PreAuthGate>{children}</PreAuthGate>
    </CheckoutConfigProvider>
  );
}
