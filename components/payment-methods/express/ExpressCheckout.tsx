import dynamic from 'next/dynamic';
import { useId } from 'react';
import { AutoRenewalTerms } from '@/components/checkout/AutoRenewalTerms';
import { expressWaitsNote } from '@/lib/pricing/taxPending';
import { EXPRESS_WALLET_IDS, EXPRESS_WALLET_LABELS } from '@/lib/payments/express/expressWallets';
import type { EnabledPaymentMethod, WalletId } from '@/lib/payments/methods';
import { useWords } from '@/components/shell/I18n';
import { SandboxExpressSheet } from './SandboxExpressSheet';
import type { Country } from '@/lib/geo/countryLines';
import { expressOffered, useExpressCheckout, type ExpressStep } from './useExpressCheckout';
import styles from './ExpressCheckout.module.css';

/** Stripe's Express Checkout Element loads only where Stripe takes the card payments, and only in the browser. */
const StripeExpressCheckout = dynamic(() => import('./StripeExpressCheckout'), { ssr: false });

interface ExpressCheckoutProps {
  step: ExpressStep;
  methods: readonly EnabledPaymentMethod[];
  /** The countries as the page names them: the sandbox's sheet names the buyer's. */
  countries: readonly Country[];
}

/**
 * The express row at the top of the payment step: Apple Pay, Google Pay and Link (Stripe's
 * Express Checkout Element with Stripe keys, the sandbox's sheets without), then PayPal and
 * Amazon Pay where enabled (chosen and started from here), then the renewal terms, once for
 * every way to pay, with their consent box where a mandate applies (ticked before any wallet
 * pays). Each wallet fills the buyer's name, e-mail and address. The row keeps its place
 * before the order is priced for the buyer's place, its buttons waiting, so that choosing a
 * state moves nothing.
 */
export function ExpressCheckout({ step, methods, countries }: ExpressCheckoutProps) {
  const express = useExpressCheckout(step, methods, countries);
  const id = useId();
  const words = useWords();
  const { t } = words;
  const wallets = methods.filter((method): method is Extract<EnabledPaymentMethod, { id: WalletId }> => method.id !== 'card');
  if (!expressOffered(methods)) return null;
  return (
    <section className={styles.express} aria-labelledby={`${id}-title`} data-testid="express-checkout">
      <h2 id={`${id}-title`} className={styles.title}>
        {t('methods.express.title')}
      </h2>
      <div className={styles.buttons}>
        {/* Nothing due today (a free trial, a 100 % promo code) is offered too: the wallet's card is kept for the renewals. */}
        {express.card?.gateway === 'stripe' && express.visible && express.total !== null && (
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
              // Before the order is priced for the buyer's place, or while it is re-priced, a wallet would show a total that is not charged: it waits.
              disabled={!express.ready}
              aria-describedby={express.visible ? undefined : `${id}-waits`}
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
            disabled={step.paying || !express.visible}
            aria-describedby={express.visible ? undefined : `${id}-waits`}
            onClick={() => express.startWallet(wallet.id)}
          >
            {t(`methods.name.${wallet.id}`)}
          </button>
        ))}
      </div>
      {!express.visible && (
        <p id={`${id}-waits`} className={styles.waits}>
          {words.say(expressWaitsNote(step.billing, step.needsAddress && !step.deliverySameAsBilling))}
        </p>
      )}
      {step.terms && (
        <AutoRenewalTerms
          terms={step.terms}
          consentRequired={express.consent.required}
          checked={express.consent.checked}
          error={express.consent.error}
          onChange={express.consent.onChange}
          onVisible={express.consent.onVisible}
          inputRef={express.consent.inputRef}
        />
      )}
      <p className={styles.or}>{t('methods.express.or')}</p>
      {express.open && express.today && (
        <SandboxExpressSheet
          wallet={express.open}
          today={express.today}
          terms={express.terms}
          countryName={express.countryName}
          country={express.country}
          errorsFor={express.errorsFor}
          paying={step.paying}
          onCancel={express.close}
          onPay={(contact, card) => void express.payWithSandbox(express.open!, contact, card)}
        />
      )}
    </section>
  );
}
