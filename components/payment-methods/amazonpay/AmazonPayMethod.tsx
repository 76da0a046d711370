import dynamic from 'next/dynamic';
import { amazonPayDeclaration } from '@/lib/payments/amazonpay/amazonPayDeclaration';
import type { PaymentMethodView, PaymentMethodViewProps } from '@/components/payment-methods/types';
import { Loader } from '@/components/ui/Loader';
import { useWords } from '@/components/shell/I18n';
import { SandboxWallet } from '@/components/payment-methods/sandbox/SandboxWallet';

/** Amazon's checkout.js and button load on the payment step only, and only once Amazon Pay is chosen. */
const AmazonPayButtonPanel = dynamic(() => import('./AmazonPayButtonPanel'), {
  ssr: false,
  loading: () => <LoadingAmazonPay />,
});

function LoadingAmazonPay() {
  const { t } = useWords();
  return <Loader type="form-loading" label={t('methods.amazonPay.loading')} />;
}

function AmazonPayView(props: PaymentMethodViewProps<'amazon-pay'>) {
  const { config } = props;
  if (config.gateway === 'amazon-pay') return <AmazonPayButtonPanel {...props} config={config} />;
  return <SandboxWallet wallet="amazon-pay" handleRef={props.handleRef} />;
}

/** Amazon Pay: Amazon's own button when its keys are configured, else the sandbox wallet behind the step's button. */
export const amazonPayView: PaymentMethodView<'amazon-pay'> = {
  id: amazonPayDeclaration.id,
  View: AmazonPayView,
  submitLabel: (config, label, words) => (config.gateway === 'amazon-pay' ? null : words.t('methods.amazonPay.submit', { label })),
  preload: (config) => (config.gateway === 'amazon-pay' ? import('./AmazonPayButtonPanel') : null),
};
