import dynamic from 'next/dynamic';
import { useId } from 'react';
import { useImpression } from '@/lib/tracking/useImpression';
import { EXPRESS_WALLET_IDS, EXPRESS_WALLET_LABELS } from '@/lib/payments/express/expressWallets';
import type { EnabledPaymentMethod, WalletId } from '@/lib/payments/methods';
import { useWords } from '@/components/shell/I18n';
import { SandboxExpressSheet } from './SandboxExpressSheet';
import { useExpressCheckout, type ExpressCheckoutState, type ExpressStep } from './useExpressCheckout';
import styles from './ExpressCheckout.module.css';

/** Stripe's Express Checkout Element loads only where Stripe takes the card payments, and only in the browser. */
const StripeExpressCheckout = dynamic(() => import('./StripeExpressCheckout'), { ssr: false });

interface ExpressCheckoutProps {
  step: ExpressStep;
  methods: readonly EnabledPaymentMethod[];
}

/**
 * The express row at the top of the payment step: Apple Pay, Google Pay and Link (Stripe's
 * Express Checkout Element with Stripe keys, the sandbox's sheets without), then PayPal and
 * Amazon Pay where enabled (chosen and started from here). Each wallet fills the buyer's name, e-mail and address; where a
 * renewal mandate applies, the terms and their consent box sit beside the buttons and must
 * be ticked before any wallet pays. Shown once the order is priced for the buyer's country.
 */
export function ExpressCheckout({ step, methods }: ExpressCheckoutProps) {
  const express = useExpressCheckout(step, methods);
  const id = useId();
  const { t } = useWords();
  const wallets = methods.filter((method): method is Extract<EnabledPaymentMethod, { id: WalletId }> => method.id !== 'card');
  if (!express.visible || (!express.card && wallets.length === 0)) return null;
  return (
    <section className={styles.express} aria-labelledby={`${id}-title`} data-testid="express-checkout">
      <h2 id={`${id}-title`} className={styles.title}>
        {t('methods.express.title')}
      </h2>
      {express.consent.required && <ExpressConsent express={express} id={id} />}
      <div className={styles.buttons}>
        {/* Nothing due today (a free trial, a 100 % promo code) is offered too: the wallet's card is kept for the renewals. */}
        {express.card?.gateway === 'stripe' && express.total !== null && (
          <StripeExpressCheckout
            publishableKey={express.card.publishableKey}
            amount={express.total}
            currencyCode={step.plan.currencyCode}
            mayStart={express.mayStart}
            formFor={express.formFor}
            pay={express.pay}
          />
        )}
        {express.card?.gateway === 'sandbox' &&
          EXPRESS_WALLET_IDS.map((wallet) => (
            <button
              key={wallet}
              type="button"
              className={`${styles.wallet} ${styles[wallet]}`}
              data-testid={`express-${wallet}`}
              aria-haspopup="dialog"
              // While the order is re-priced a wallet would show a total that is not charged: it waits.
              disabled={!express.ready}
              onClick={(event) => express.start(wallet, event.currentTarget)}
            >
              {EXPRESS_WALLET_LABELS[wallet]}
              <span className={styles.sandboxTag}> {t('methods.express.sandboxTag')}</span>
            </button>
          ))}
        {wallets.map((wallet) => (
          <button
            key={wallet.id}
            type="button"
            className={`${styles.wallet} ${styles[wallet.id]}`}
            data-testid={`express-${wallet.id}`}
            disabled={step.paying}
            onClick={() => express.startWallet(wallet.id)}
          >
            {t(`methods.name.${wallet.id}`)}
          </button>
        ))}
      </div>
      <p className={styles.or}>{t('methods.express.or')}</p>
      {express.open && express.today && (
        <SandboxExpressSheet
          wallet={express.open}
          today={express.today}
          terms={express.terms}
          countryName={express.countryName}
          errorsFor={express.errorsFor}
          paying={step.paying}
          onCancel={express.close}
          onPay={(contact, card) => void express.payWithSandbox(express.open!, contact, card)}
        />
      )}
    </section>
  );
}

/** The renewal terms and the consent box the wallets wait for, where a mandate applies (the same consent as the form's). */
function ExpressConsent({ express, id }: { express: ExpressCheckoutState; id: string }) {
  const { consent } = express;
  const { t } = useWords();
  const visibleRef = useImpression<HTMLDivElement>(() => consent.onVisible());
  return (
    <div ref={visibleRef} className={styles.consent} data-testid="express-consent">
      {express.terms.map((line, index) => (
        <p key={line} id={index === 0 ? `${id}-terms` : undefined} className={styles.terms}>
          {line}
        </p>
      ))}
      <div className={styles.consentBox}>
        <input
          id={`${id}-consent`}
          type="checkbox"
          ref={consent.inputRef}
          checked={consent.checked}
          onChange={(event) => consent.onChange(event.target.checked)}
          aria-describedby={consent.error ? `${id}-terms ${id}-consent-error` : `${id}-terms`}
          aria-invalid={consent.error ? true : undefined}
        />
        <label htmlFor={`${id}-consent`}>{t('methods.express.consent')}</label>
      </div>
      {consent.error && (
        <p id={`${id}-consent-error`} className={styles.error} role="alert">
          {consent.error}
        </p>
      )}
    </div>
  );
}
