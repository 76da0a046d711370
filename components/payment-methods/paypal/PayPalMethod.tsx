import dynamic from 'next/dynamic';
import { paypalDeclaration } from '@/lib/payments/paypal/paypalDeclaration';
import type { PaymentMethodView, PaymentMethodViewProps } from '@/components/payment-methods/types';
import { Loader } from '@/components/ui/Loader';
import { useWords } from '@/components/shell/I18n';
import { SandboxWallet } from '@/components/payment-methods/sandbox/SandboxWallet';

/** PayPal's SDK and buttons load on the payment step only, and only once PayPal is chosen. */
const PayPalButtonsPanel = dynamic(() => import('./PayPalButtonsPanel'), {
  ssr: false,
  loading: () => <LoadingPayPal />,
});

function LoadingPayPal() {
  const { t } = useWords();
  return <Loader type="form-loading" label={t('methods.paypal.loading')} />;
}

function PayPalView(props: PaymentMethodViewProps<'paypal'>) {
  const { config } = props;
  if (config.gateway === 'paypal') return <PayPalButtonsPanel {...props} config={config} />;
  return <SandboxWallet wallet="paypal" handleRef={props.handleRef} />;
}

/** PayPal: its own buttons when a client id is configured, else the sandbox wallet behind the step's button. */
export const paypalView: PaymentMethodView<'paypal'> = {
  id: paypalDeclaration.id,
  View: PayPalView,
  submitLabel: (config, label, words) => (config.gateway === 'paypal' ? null : words.t('methods.paypal.submit', { label })),
  preload: (config) => (config.gateway === 'paypal' ? import('./PayPalButtonsPanel') : null),
};
