import dynamic from 'next/dynamic';
import { amazonPayDeclaration } from '@/lib/payments/amazonpay/amazonPayDeclaration';
import type { PaymentMethodView, PaymentMethodViewProps } from '@/components/payment-methods/types';
import { Loader } from '@/components/ui/Loader';
import { SandboxWallet } from '@/components/payment-methods/sandbox/SandboxWallet';

/** Amazon's checkout.js and button load on the payment step only, and only once Amazon Pay is chosen. */
const AmazonPayButtonPanel = dynamic(() => import('./AmazonPayButtonPanel'), {
  ssr: false,
  loading: () => <Loader type="form-loading" label="Loading Amazon Pay…" />,
});

function AmazonPayView(props: PaymentMethodViewProps<'amazon-pay'>) {
  const { config } = props;
  if (config.gateway === 'amazon-pay') return <AmazonPayButtonPanel {...props} config={config} />;
  return <SandboxWallet wallet="amazon-pay" handleRef={props.handleRef} />;
}

/** Amazon Pay: Amazon's own button when its keys are configured, else the sandbox wallet behind the step's button. */
export const amazonPayView: PaymentMethodView<'amazon-pay'> = {
  id: amazonPayDeclaration.id,
  View: AmazonPayView,
  submitLabel: (config, label) => (config.gateway === 'amazon-pay' ? null : `${label} with Amazon Pay`),
  preload: (config) => (config.gateway === 'amazon-pay' ? import('./AmazonPayButtonPanel') : null),
};
