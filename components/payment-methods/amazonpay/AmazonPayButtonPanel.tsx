import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { PaymentMethodViewProps } from '@/components/payment-methods/types';
import { Loader } from '@/components/ui/Loader';
import { amazonPaySdk, type AmazonPayButton } from './amazonPaySdk';
import { scriptLoaded } from '@/lib/browser/scriptLoader';
import { AMAZON_PAY_CHECKOUT_JS } from '@/lib/payments/amazonpay/amazonPayScript';
import styles from '@/components/checkout/CheckoutForm.module.css';

type AmazonPayConfig = Extract<PaymentMethodViewProps<'amazon-pay'>['config'], { gateway: 'amazon-pay' }>;
type Props = Omit<PaymentMethodViewProps<'amazon-pay'>, 'config'> & { config: AmazonPayConfig };

const NOT_READY = 'Amazon Pay is still loading. Please wait a moment and try again.';
const CAME_BACK = 'You came back from Amazon Pay before paying. Nothing was charged. You can try again or choose another way to pay.';

/**
 * Amazon Pay's button (checkout.js, loaded here: on the payment step with Amazon Pay chosen
 * only). Amazon offers no React component: this renders the button into its own element.
 * The click checks the form and submits; the submit answers the checkout session config our
 * server signed, and the button then takes the visitor to Amazon with it, unchanged. Amazon
 * sends them back to the payment step's Amazon Pay page, which finishes the payment.
 */
export default function AmazonPayButtonPanel({ config, handleRef, pay, order }: Props) {
  const elementId = `amazon-pay-button-${useId().replace(/[^\w-]/g, '')}`;
  const button = useRef<AmazonPayButton | null>(null);
  const latestPay = useRef(pay);
  latestPay.current = pay;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

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
          checkoutLanguage: 'en_US',
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
  }, [config.region, config.merchantId, config.publicKeyId, config.sandbox, order.currencyCode, elementId]);

  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => null,
    prepare: async () => (button.current ? { payment: { kind: 'amazon-pay' } } : { error: NOT_READY }),
    async handleAction(action) {
      if (action.type !== 'amazon_pay_checkout' || !button.current) return { error: NOT_READY };
      const { payloadJSON, signature, publicKeyId, algorithm } = action;
      // The page is leaving for Amazon: the payment goes on at our return page. This page only
      // answers if it is shown again without that (back from Amazon, restored from the cache).
      const cameBack = new Promise<{ error: string }>((resolve) => {
        const shown = (event: PageTransitionEvent) => {
          if (!event.persisted) return;
          window.removeEventListener('pageshow', shown);
          resolve({ error: CAME_BACK });
        };
        window.addEventListener('pageshow', shown);
      });
      button.current.initCheckout({ createCheckoutSessionConfig: { payloadJSON, signature, publicKeyId, algorithm } });
      return cameBack;
    },
  }));

  if (!config.merchantId)
    return <p role="alert">Amazon Pay is not available in this mode at the moment. Please choose another way to pay.</p>;
  return (
    <div className={styles.walletButtons}>
      {state === 'loading' && <Loader type="form-loading" label="Loading Amazon Pay…" />}
      {state === 'failed' && (
        <p role="alert">Amazon Pay could not load. Please check your connection, reload the page or choose another way to pay.</p>
      )}
      <div id={elementId} data-testid="amazon-pay-button" />
    </div>
  );
}
