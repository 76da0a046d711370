import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { PaymentMethodViewProps } from '@/components/payment-methods/types';
import { Loader } from '@/components/ui/Loader';
import { useWords } from '@/components/shell/I18n';
import { amazonPaySdk, type AmazonPayButton } from './amazonPaySdk';
import { scriptLoaded } from '@/lib/browser/scriptLoader';
import { AMAZON_PAY_CHECKOUT_JS } from '@/lib/payments/amazonpay/amazonPayScript';
import { amazonPayCheckoutLanguage } from '@/lib/payments/providerLocales';
import styles from '@/components/checkout/CheckoutForm.module.css';

type AmazonPayConfig = Extract<PaymentMethodViewProps<'amazon-pay'>['config'], { gateway: 'amazon-pay' }>;
type Props = Omit<PaymentMethodViewProps<'amazon-pay'>, 'config'> & { config: AmazonPayConfig };

/**
 * Amazon Pay's button (checkout.js, loaded here: on the payment step with Amazon Pay chosen
 * only). Amazon offers no React component: this renders the button into its own element.
 * The click checks the form and submits; the submit answers the checkout session config our
 * server signed, and the button then takes the visitor to Amazon with it, unchanged. Amazon
 * sends them back to the payment step's Amazon Pay page, which finishes the payment. Amazon's
 * pages speak the page's language, as far as the merchant's region lets them.
 */
export default function AmazonPayButtonPanel({ config, handleRef, pay, order }: Props) {
  const elementId = `amazon-pay-button-${useId().replace(/[^\w-]/g, '')}`;
  const button = useRef<AmazonPayButton | null>(null);
  const latestPay = useRef(pay);
  latestPay.current = pay;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const words = useWords();
  const { t } = words;
  const checkoutLanguage = amazonPayCheckoutLanguage(words.locale, config.region);

  useEffect(() => {
    let gone = false;
    scriptLoaded(document, AMAZON_PAY_CHECKOUT_JS[config.region])
      .then(() => {
        const sdk = amazonPaySdk();
        if (gone) return;
        if (!sdk) throw new Error('checkout.js loaded without amazon.Pay');
        const rendered = sdk.Pay.renderButton(`#${elementId}`, {
          merchantId: config.merchantId,
          publicKeyId: config.publicKeyId,
          ledgerCurrency: order.currencyCode,
          checkoutLanguage,
          productType: 'PayOnly',
          placement: 'Checkout',
          buttonColor: 'Gold',
          sandbox: config.sandbox,
        });
        rendered.onClick(() => void latestPay.current());
        button.current = rendered;
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('Amazon Pay could not load.', error);
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
    };
  }, [config.region, config.merchantId, config.publicKeyId, config.sandbox, order.currencyCode, checkoutLanguage, elementId]);

  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => null,
    prepare: async () => (button.current ? { payment: { kind: 'amazon-pay' } } : { error: t('methods.amazonPay.stillLoading') }),
    async handleAction(action) {
      if (action.type !== 'amazon_pay_checkout' || !button.current) return { error: t('methods.amazonPay.stillLoading') };
      const { payloadJSON, signature, publicKeyId, algorithm } = action;
      // The page is leaving for Amazon: the payment goes on at our return page. This page only
      // answers if it is shown again without that (back from Amazon, restored from the cache).
      const cameBack = new Promise<{ error: string }>((resolve) => {
        const shown = (event: PageTransitionEvent) => {
          if (!event.persisted) return;
          window.removeEventListener('pageshow', shown);
          resolve({ error: t('methods.amazonPay.cameBack') });
        };
        window.addEventListener('pageshow', shown);
      });
      button.current.initCheckout({ createCheckoutSessionConfig: { payloadJSON, signature, publicKeyId, algorithm } });
      return cameBack;
    },
  }));

  if (!config.merchantId) return <p role="alert">{t('methods.amazonPay.unavailable')}</p>;
  return (
    <div className={styles.walletButtons}>
      {state === 'loading' && <Loader type="form-loading" label={t('methods.amazonPay.loading')} />}
      {state === 'failed' && <p role="alert">{t('methods.amazonPay.loadFailed')}</p>}
      <div id={elementId} data-testid="amazon-pay-button" />
    </div>
  );
}
