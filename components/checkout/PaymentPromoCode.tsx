import { useState } from 'react';
import { useWords } from '@/components/shell/I18n';
import { PromoCodeForm } from './PromoCodeForm';
import type { PromoCodeModel } from './usePromoCode';
import styles from './CheckoutForm.module.css';

/**
 * The payment step's promo field, folded behind "Have a promo code?" so that it costs a line
 * for the many without one; a buyer with a code applies it here instead of going back two
 * steps. An applied code shows with its removal, the field closed.
 */
export function PaymentPromoCode({ promo }: { promo: PromoCodeModel }) {
  const { t } = useWords();
  const [open, setOpen] = useState(false);
  const applied = promo.appliedCode !== null && promo.feedback?.kind !== 'error';
  return (
    <div className={styles.promo} data-testid="payment-promo-code">
      {!applied && (
        <button
          type="button"
          className={styles.promoToggle}
          aria-expanded={open}
          aria-controls="payment-promo-field"
          onClick={() => setOpen(!open)}
        >
          {t('promo.haveCode')}
        </button>
      )}
      <div id="payment-promo-field">
        <PromoCodeForm promo={promo} compact showField={open && !applied} autoFocus />
      </div>
    </div>
  );
}
