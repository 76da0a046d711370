import { useMemo } from 'react';
import Link from 'next/link';
import { AutoRenewalTerms } from '@/components/checkout/AutoRenewalTerms';
import { BillingFields } from '@/components/checkout/BillingFields';
import { LanguageSwitch } from '@/components/checkout/LanguageSwitch';
import { LocationFields } from '@/components/checkout/LocationFields';
import { CheckoutSummary } from '@/components/checkout/CheckoutSummary';
import { DeliveryAddress } from '@/components/checkout/DeliveryAddress';
import { MarketingPermissions } from '@/components/checkout/MarketingPermissions';
import { PaymentPromoCode } from '@/components/checkout/PaymentPromoCode';
import { PaymentSubmit } from '@/components/checkout/PaymentSubmit';
import { PaymentMethodChooser } from '@/components/payment-methods/PaymentMethodChooser';
import { PaymentProviders } from '@/components/payment-methods/PaymentProviders';
import { ExpressCheckout } from '@/components/payment-methods/express/ExpressCheckout';
import { expressOffered } from '@/components/payment-methods/express/useExpressCheckout';
import { Msg, useWords } from '@/components/shell/I18n';
import { countriesOf } from '@/lib/geo/countryLines';
import { vatHintKey } from '@/lib/checkout/vatHint';
import { stepHref } from '@/lib/journey/navigation';
import { taxPendingNote } from '@/lib/pricing/taxPending';
import styles from '@/components/checkout/CheckoutForm.module.css';
import { withTestMode } from './credit-card/paymentStepPaths';
import { useCreditCardStep } from './credit-card/useCreditCardStep';
import { EmptyCart } from './EmptyCart';
import { OrderSummary } from './OrderSummary';
import type { StepViewProps } from './stepViewProps';

/**
 * The payment step: billing information, the enabled payment methods, the order priced for
 * the buyer's location (beside the form on a desktop, folded above it on a phone, with a
 * promo field), the renewal terms, and one submit button that says what it does.
 * The payment sequence runs in lib/payments (a pure machine and its driver) and the step's
 * state in useCreditCardStep; this view renders it. What was typed, never card data,
 * survives a reload and the bank.
 */
export default function CreditCardStep(props: StepViewProps<'credit-card'>) {
  const { flow, base, search, mode, view } = props;
  const step = useCreditCardStep(props);
  const words = useWords();
  const { t } = words;
  // Made once: the country select keeps the same list between renders (components/ui/Field.tsx).
  const countries = useMemo(() => countriesOf(view.countries), [view.countries]);

  const title = <h1>{t('payment.title')}</h1>;
  if (!step) {
    return (
      <div className={styles.step}>
        {title}
        <EmptyCart base={base} search={search} notice={view.notice} paidOrder={view.paidOrder} />
      </div>
    );
  }

  const { plan, method, failure } = step;
  // The billing and delivery fields edit the one form, through the same handlers.
  const billingForm = {
    form: step.billing,
    errors: step.billingErrors,
    onChange: step.changeBilling,
    onBlur: step.touch,
    register: step.register,
  };
  return (
    <div className={styles.paymentStep}>
      {title}
      {/* First in the page (on a phone, folded above the form), beside the form on a desktop. */}
      <CheckoutSummary quote={step.quote}>
        <OrderSummary
          state={step.quote}
          onRetry={step.retryQuote}
          taxNote={step.taxKnown ? null : words.say(taxPendingNote(step.billing, step.needsAddress && !step.deliverySameAsBilling))}
        />
        <PaymentPromoCode promo={step.promo} />
      </CheckoutSummary>
      <form className={styles.formColumn} onSubmit={step.submit} noValidate aria-describedby={failure ? 'payment-failure' : undefined}>
        <LocationFields
          form={step.billing}
          errors={step.billingErrors}
          onChange={step.changeBilling}
          onBlur={step.touch}
          register={step.register}
          countries={countries}
        />
        <LanguageSwitch languages={props.languages} place={step.billing} base={base} step="credit-card" search={search} />
        {/* Express wallets first (issue 25): their state lives in components/payment-methods/express. */}
        <ExpressCheckout step={step} methods={view.paymentMethods} countries={countries} />
        <BillingFields
          {...billingForm}
          needsAddress={step.needsAddress}
          business={step.business}
          vatHint={vatHintKey(step.billing, {
            brand: props.flow.brand_slug,
            locale: words.locale,
            print: step.needsAddress,
            deliverySameAsBilling: step.deliverySameAsBilling,
          })}
          onBusiness={step.setBusiness}
          onFocus={step.focusField}
        />
        {step.needsAddress && (
          <DeliveryAddress
            {...billingForm}
            countries={countries}
            sameAsBilling={step.deliverySameAsBilling}
            onSameAsBilling={step.setDeliverySameAsBilling}
          />
        )}
        {method ? (
          <PaymentProviders methods={view.paymentMethods}>
            <PaymentMethodChooser
              methods={view.paymentMethods}
              chosen={method}
              onChoose={step.chooseMethod}
              handleRef={step.methodHandle}
              showErrors={step.showErrors}
              pay={step.pay}
              payLabel={step.stepLabel}
              // Every offer of the catalogue renews (SPEC §3: a month or a year), so a wallet sets up a subscription.
              order={{ currencyCode: plan.currencyCode, renews: true }}
            />
          </PaymentProviders>
        ) : (
          <p role="alert">
            {mode.livemode ? (
              <Msg id="payment.unavailable.live" components={{ 0: <Link href={stepHref(base, 'credit-card', withTestMode(search))} /> }} />
            ) : (
              t('payment.unavailable.test')
            )}
          </p>
        )}
        <MarketingPermissions brandName={flow.brandName} choices={step.marketing} onChange={step.setMarketing} />
        {step.chargeNote && (
          <p className={styles.chargeNote} data-testid="first-charge-note">
            {step.chargeNote}
          </p>
        )}
        {/* Once on the page: below the express wallets where they are offered, else here, beside the button. */}
        {step.terms && !expressOffered(view.paymentMethods) && (
          <AutoRenewalTerms
            terms={step.terms}
            consentRequired={step.consentRequired}
            checked={step.consented}
            error={step.showErrors ? step.consentError : undefined}
            onChange={step.setConsent}
            onVisible={step.consentVisible}
            inputRef={step.register('consent')}
          />
        )}
        <PaymentSubmit
          label={step.methodLabel}
          busy={step.paying ? t('payment.busy.paying') : step.quote.status === 'loading' ? t('payment.busy.pricing') : null}
          failure={failure}
          failureRef={step.failureRef}
          outage={step.outage}
        />
        <p>
          <Link href={stepHref(base, 'cart', search)}>{t('payment.backToCart')}</Link>
        </p>
      </form>
    </div>
  );
}
