import type { ReactNode } from 'react';
import { CheckoutConfigProvider, checkoutConfigFrom } from './CheckoutConfig';
import { I18nProvider } from './I18n';
import { pageI18nOf } from '@/lib/i18n/pageI18n';
import { ConsentProvider } from './Consent';
import { PreAuthGate } from './PreAuthGate';
import { RouteChangeLoader } from './RouteChangeLoader';
import { TrackingProvider } from './Tracking';
import { parseStoredConsent } from '@/lib/tracking/consent/consentStore';

/**
 * The shell around every page (SPEC §1), one provider per file: the page's words, checkout config, consent
 * and tracking (journey pages only), the route-change loader and the pre-auth gate. Payment
 * pages are kept apart from marketing code by the code that loads it (lib/browser/marketingCode.ts).
 */
export function ShellProviders({ pageProps, children }: { pageProps: unknown; children: ReactNode }) {
  const config = checkoutConfigFrom(pageProps);
  const page = (
    <>
      <RouteChangeLoader />
      <PreAuthGate>{children}</PreAuthGate>
    </>
  );
  return (
    <I18nProvider page={pageI18nOf(pageProps)}>
      <CheckoutConfigProvider config={config}>
        {config ? (
          <ConsentProvider
            consentId={config.tracking.consentId}
            policy={config.tracking.consentPolicy}
            initial={parseStoredConsent(config.consentCookie)}
          >
            <TrackingProvider>{page}</TrackingProvider>
          </ConsentProvider>
        ) : (
          page
        )}
      </CheckoutConfigProvider>
    </I18nProvider>
  );
}
