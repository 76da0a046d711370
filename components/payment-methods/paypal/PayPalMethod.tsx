import dynamic from 'next/dynamic';
import { paypalDeclaration } from '@/lib/payments/paypal/paypalDeclaration';
import type { PaymentMethodView, PaymentMethodViewProps } from '@/components/payment-methods/types';
import { Loader } from '@/components/ui/Loader';
import { SandboxWallet } from '@/components/payment-methods/sandbox/SandboxWallet';

/** PayPal's SDK and buttons load on the payment step only, and only once PayPal is chosen. */
const PayPalButtonsPanel = dynamic(() => import('./PayPalButtonsPanel'), {
  ssr: false,
  loading: () => <Loader type="form-loading" label="Loading PayPal…" />,
});

function PayPalView(props: PaymentMethodViewProps<'paypal'>) {
  const { config } = props;
  if (config.gateway === 'paypal') return <PayPalButtonsPanel {...props} config={config} />;
  return <SandboxWallet wallet="paypal" handleRef={props.handleRef} />;
}

/** PayPal: its own buttons when a client id is configured, else the sandbox wallet behind the step's button. */
export const paypalView: PaymentMethodView<'paypal'> = {
  id: paypalDeclaration.id,
  View: PayPalView,
  submitLabel: (config, label) => (config.gateway === 'paypal' ? null : `${label} with PayPal`),
  preload: (config) => (config.gateway === 'paypal' ? import('./PayPalButtonsPanel') : null),
};
