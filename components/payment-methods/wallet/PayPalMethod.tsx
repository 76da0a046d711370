import type { PaymentMethodView, PaymentMethodViewProps } from '../types';
import { SandboxWallet } from './SandboxWallet';

function PayPalView(props: PaymentMethodViewProps<'paypal'>) {
  return <SandboxWallet wallet="paypal" handleRef={props.handleRef} />;
}

/** PayPal: the sandbox wallet until PayPal's client id is configured. */
export const paypalView: PaymentMethodView<'paypal'> = {
  View: PayPalView,
  submitLabel: (_config, label) => `${label} with PayPal`,
};
