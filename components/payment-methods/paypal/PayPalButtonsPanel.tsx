import { useImperativeHandle, useRef } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { PaymentMethodViewProps } from '@/components/payment-methods/types';
import { Loader } from '@/components/ui/Loader';
import { useWords } from '@/components/shell/I18n';
import { paypalLocale } from '@/lib/payments/providerLocales';
import { WalletApproval } from '@/lib/payments/paypal/walletApproval';
import styles from '@/components/checkout/CheckoutForm.module.css';

type PayPalConfig = Extract<PaymentMethodViewProps<'paypal'>['config'], { gateway: 'paypal' }>;
type Props = Omit<PaymentMethodViewProps<'paypal'>, 'config'> & { config: PayPalConfig };

/** The buttons, once PayPal's script is there; what the script's state says until then. */
function Buttons({ handleRef, pay, order }: Props) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const approval = useRef<WalletApproval | null>(null);
  const { t } = useWords();
  const notReady = t('methods.paypal.stillLoading');
  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => null,
    prepare: async () => ({ payment: { kind: 'paypal' } }),
    handleAction: (action) => approval.current?.handleAction(action) ?? Promise.resolve({ error: notReady }),
  }));
  if (isRejected) return <p role="alert">{t('methods.paypal.loadFailed')}</p>;
  if (isPending) return <Loader type="form-loading" label={t('methods.paypal.loading')} />;
  const create = () => approval.current?.paymentId() ?? Promise.reject(new Error(notReady));
  return (
    <PayPalButtons
      style={{ layout: 'vertical', label: order.renews ? 'subscribe' : 'pay', shape: 'rect' }}
      fundingSource="paypal"
      // The click checks the form and starts the payment, synchronously: PayPal opens its
      // window at once (no network call is awaited first, so browsers do not block it).
      onClick={(_data, actions) => {
        const run = pay();
        if (!run) return actions.reject();
        approval.current = new WalletApproval(run);
        return actions.resolve();
      }}
      {...(order.renews ? { createSubscription: create } : { createOrder: create })}
      onApprove={async () => approval.current?.approved()}
      onCancel={() => approval.current?.cancelled()}
      onError={() => approval.current?.failed()}
    />
  );
}

/**
 * PayPal's own buttons (the SDK's v5 root API from @paypal/react-paypal-js): its script is
 * loaded here, on the payment step with PayPal chosen only, for a subscription (renewing
 * offers) or an order, in the page's language. The step's own button is hidden: PayPal's is the one to press.
 */
export default function PayPalButtonsPanel(props: Props) {
  const { config, order } = props;
  const words = useWords();
  if (!config.clientId) return <p role="alert">{words.t('methods.paypal.unavailable')}</p>;
  const options = {
    clientId: config.clientId,
    currency: order.currencyCode,
    components: 'buttons',
    locale: paypalLocale(words.locale),
    ...(order.renews ? { intent: 'subscription', vault: true } : { intent: 'capture' }),
  };
  return (
    <div className={styles.walletButtons} data-testid="paypal-buttons">
      <PayPalScriptProvider options={options}>
        <Buttons {...props} />
      </PayPalScriptProvider>
    </div>
  );
}
