import { useState, type ComponentType, type RefObject } from 'react';
import { PAYMENT_METHOD_LABELS, type EnabledPaymentMethod, type PaymentMethodId } from '@/lib/payments/methods';
import { PAYMENT_METHOD_VIEWS } from './registry';
import type { PaymentMethodHandle, PaymentMethodViewProps } from './types';
import styles from '../checkout/CheckoutForm.module.css';

interface PaymentMethodChooserProps {
  methods: readonly EnabledPaymentMethod[];
  handleRef: RefObject<PaymentMethodHandle | null>;
  showErrors: boolean;
}

/**
 * The enabled payment methods: a choice between them when there are several, then the
 * chosen method's own view, tagged with its SPEC constant. The step knows no method.
 */
export function PaymentMethodChooser({ methods, handleRef, showErrors }: PaymentMethodChooserProps) {
  const [chosenId, setChosenId] = useState<PaymentMethodId | undefined>(methods[0]?.id);
  const chosen = methods.find((method) => method.id === chosenId);
  if (!chosen) return <p role="alert">Payments are not available at the moment. Please try again later.</p>;
  // Each entry's view takes that entry's config: the registry is keyed by the same id.
  const View = PAYMENT_METHOD_VIEWS[chosen.id] as ComponentType<PaymentMethodViewProps<PaymentMethodId>>;
  return (
    <>
      {methods.length > 1 && (
        <fieldset className={styles.section}>
          <legend>Payment method</legend>
          {methods.map((method) => (
            <label key={method.id} className={styles.permission}>
              <input
                type="radio"
                name="payment-method"
                value={method.id}
                checked={method.id === chosen.id}
                onChange={() => setChosenId(method.id)}
              />
              <span>{PAYMENT_METHOD_LABELS[method.id]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div data-payment-method={chosen.id}>
        <View config={chosen.config} handleRef={handleRef} showErrors={showErrors} />
      </div>
    </>
  );
}
