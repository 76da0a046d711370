import { useImperativeHandle } from 'react';
import type { PaymentMethodViewProps } from '@/components/payment-methods/types';
import type { WalletId } from '@/lib/payments/methods';
import { useWords } from '@/components/shell/I18n';
import styles from '@/components/checkout/CheckoutForm.module.css';

/**
 * A wallet without keys: the step's button sends the visitor to our sandbox wallet page
 * (a redirect action), where they approve, cancel or fail the payment as they would at the
 * wallet. Nothing is typed here, so nothing can be invalid.
 */
export function SandboxWallet({ wallet, handleRef }: Pick<PaymentMethodViewProps<WalletId>, 'handleRef'> & { wallet: WalletId }) {
  const { t } = useWords();
  const name = t(`methods.name.${wallet}`);
  useImperativeHandle(handleRef, () => ({
    firstInvalidField: () => null,
    prepare: async () => ({ payment: { kind: wallet } }),
    handleAction: async () => ({ error: t('methods.wallet.noInPageStep') }),
  }));
  return (
    <p className={styles.walletNote} data-testid="wallet-note">
      {t('methods.wallet.sandboxNote', { name })}
    </p>
  );
}
