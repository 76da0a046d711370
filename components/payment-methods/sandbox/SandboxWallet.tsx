import { useImperativeHandle } from 'react';
import type { PaymentMethodViewProps } from '@/components/payment-methods/types';
import { PAYMENT_METHOD_LABELS, type WalletId } from '@/lib/payments/methods';
import styles from '@/components/checkout/CheckoutForm.module.css';

const NO_IN_PAGE_ACTION = 'The wallet asked for a step this page cannot show. Please try again.';

/**
 * A wallet without keys: the step's button sends the visitor to our sandbox wallet page
 * (a redirect action), where they approve, cancel or fail the payment as they would at the
 * wallet. Nothing is typed here, so nothing can be invalid.
 */
export function SandboxWallet({ wallet, handleRef }: Pick<PaymentMethodViewProps<WalletId>, 'handleRef'> & { wallet: WalletId }) {
  const name = PAYMENT_METHOD_LABELS[wallet];
  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => null,
    prepare: async () => ({ payment: { kind: wallet } }),
    handleAction: async () => ({ error: NO_IN_PAGE_ACTION }),
  }));
  return (
    <p className={styles.walletNote} data-testid="wallet-note">
      You will approve the payment with {name} (a sandbox: no real {name} account is used). Nothing is charged until you approve it.
    </p>
  );
}
