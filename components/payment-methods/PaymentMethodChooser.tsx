import type { ComponentType, RefObject } from 'react';
import { useWords } from '@/components/shell/I18n';
import type { EnabledPaymentMethod, PaymentMethodId } from '@/lib/payments/methods';
import { paymentMethodView } from './registry';
import type { PaymentMethodHandle, PaymentMethodViewProps } from './types';
import styles from '@/components/checkout/CheckoutForm.module.css';

interface PaymentMethodChooserProps {
  methods: readonly EnabledPaymentMethod[];
  /** The chosen method (the step keeps it with the draft, so a reload or a wallet's return keeps it). */
  chosen: EnabledPaymentMethod;
  onChoose(id: PaymentMethodId): void;
  handleRef: RefObject<PaymentMethodHandle | null>;
  showErrors: boolean;
  pay: PaymentMethodViewProps<PaymentMethodId>['pay'];
  payLabel: string;
  order: PaymentMethodViewProps<PaymentMethodId>['order'];
}

/** The method to show: the one chosen if it is still enabled, else the first. Null when none is. */
export function chosenMethod(
  methods: readonly EnabledPaymentMethod[],
  id: PaymentMethodId | null | undefined,
): EnabledPaymentMethod | null {
  return methods.find((method) => method.id === id) ?? methods[0] ?? null;
}

/**
 * The enabled payment methods: a choice between them when there are several, then the
 * chosen method's own view, tagged with its SPEC constant. The step knows no method.
 */
export function PaymentMethodChooser({
  methods,
  chosen,
  onChoose,
  handleRef,
  showErrors,
  pay,
  payLabel,
  order,
}: PaymentMethodChooserProps) {
  // Each entry's view takes that entry's config: the registry is keyed by the same id.
  const View = paymentMethodView(chosen.id).View as ComponentType<PaymentMethodViewProps<PaymentMethodId>>;
  const { t } = useWords();
  return (
    <>
      {methods.length > 1 && (
        <fieldset className={`${styles.section} ${styles.methods}`}>
          <legend>{t('methods.chooser.legend')}</legend>
          <div className={styles.methodChoices}>
            {methods.map((method) => (
              <label key={method.id} className={styles.methodChoice}>
                <input
                  type="radio"
                  name="payment-method"
                  value={method.id}
                  checked={method.id === chosen.id}
                  onChange={() => onChoose(method.id)}
                />
                <span>{t(`methods.name.${method.id}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div data-payment-method={chosen.id}>
        <View
          key={chosen.id}
          config={chosen.config}
          handleRef={handleRef}
          showErrors={showErrors}
          pay={pay}
          payLabel={payLabel}
          order={order}
        />
      </div>
    </>
  );
}
