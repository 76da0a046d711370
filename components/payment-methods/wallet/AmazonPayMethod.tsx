import type { PaymentMethodView, PaymentMethodViewProps } from '../types';
import { SandboxWallet } from './SandboxWallet';

function AmazonPayView(props: PaymentMethodViewProps<'amazon-pay'>) {
  return <SandboxWallet wallet="amazon-pay" handleRef={props.handleRef} />;
}

/** Amazon Pay: the sandbox wallet until Amazon Pay's keys are configured. */
export const amazonPayView: PaymentMethodView<'amazon-pay'> = {
  View: AmazonPayView,
  submitLabel: (_config, label) => `${label} with Amazon Pay`,
};
