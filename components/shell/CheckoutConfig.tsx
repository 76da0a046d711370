import { createContext, useContext, type ReactNode } from 'react';
import type { JourneyFrame, JourneyPageProps } from '@/lib/journey/viewModels';

/** The campaign's checkout flow, the visitor's mode and the current step, for every component of the page. */
export type CheckoutConfig = Pick<JourneyFrame, 'flow' | 'mode' | 'search' | 'base' | 'tracking' | 'consentCookie'> &
  Pick<JourneyPageProps, 'step'>;

const CheckoutConfigContext = createContext<CheckoutConfig | null>(null);

export function CheckoutConfigProvider({ config, children }: { config: CheckoutConfig | null; children: ReactNode }) {
  return <CheckoutConfigContext.Provider value={config}>{children}</CheckoutConfigContext.Provider>;
}

/** The checkout config of a journey page; throws outside one, where it is a programming error. */
export function useCheckoutConfig(): CheckoutConfig {
  const config = useContext(CheckoutConfigContext);
  if (!config) throw new Error('useCheckoutConfig is used outside a journey page');
  return config;
}

/** The checkout config, or null on pages that are not journey pages (the shell's own components use this). */
export function useOptionalCheckoutConfig(): CheckoutConfig | null {
  return useContext(CheckoutConfigContext);
}

/** Reads the checkout config from any page's props: null on pages that are not journey pages. */
export function checkoutConfigFrom(pageProps: unknown): CheckoutConfig | null {
  const props = pageProps as Partial<JourneyPageProps> | undefined;
  if (props?.kind !== 'journey' || !props.flow || !props.mode || !props.step || !props.tracking) return null;
  return {
    flow: props.flow,
    mode: props.mode,
    search: props.search ?? '',
    base: props.base ?? '',
    step: props.step,
    tracking: props.tracking,
    consentCookie: props.consentCookie ?? null,
  };
}
