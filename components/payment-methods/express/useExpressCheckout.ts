import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CreditCardStepModel } from '@/components/steps/credit-card/useCreditCardStep';
import { validateBilling, type BillingForm } from '@/lib/checkout/billing';
import type { Country } from '@/lib/geo/countryLines';
import type { ExpressWalletId } from '@/lib/payments/express/expressWallets';
import type { WalletCard, WalletContact } from '@/lib/payments/express/sandboxWallets';
import type { EnabledPaymentMethod, WalletId } from '@/lib/payments/methods';
import { formatMoney } from '@/lib/pricing/money';
import { useWords } from '@/components/shell/I18n';
import type { ExpressPayment } from './expressPayment';

/** What of the payment step the express row reads and calls. */
export type ExpressStep = Pick<
  CreditCardStepModel,
  | 'plan'
  | 'quote'
  | 'taxKnown'
  | 'terms'
  | 'consentRequired'
  | 'consented'
  | 'setConsent'
  | 'consentVisible'
  | 'consentError'
  | 'showErrors'
  | 'register'
  | 'billing'
  | 'needsAddress'
  | 'deliverySameAsBilling'
  | 'business'
  | 'paying'
  | 'payExpress'
  | 'chooseMethod'
  | 'method'
  | 'methodLabel'
  | 'pay'
>;

/** The card config of the step's methods: express wallets pay by card, so they are offered only with it. */
export const cardConfigOf = (methods: readonly EnabledPaymentMethod[]) =>
  methods.find((method): method is Extract<EnabledPaymentMethod, { id: 'card' }> => method.id === 'card')?.config ?? null;

/** Whether the step offers the express row at all: wallets pay by card, or are PayPal and Amazon Pay themselves. */
export const expressOffered = (methods: readonly EnabledPaymentMethod[]) => methods.length > 0;

/**
 * The express row's state: which wallet's sheet is open, the consent the wallet waits for,
 * and the wallet's details turned into the payment step's billing form. The row shows once
 * the order is priced for the buyer's country (and region), so that what a wallet shows is
 * what is charged and the renewal rules of that place are known.
 */
export function useExpressCheckout(step: ExpressStep, methods: readonly EnabledPaymentMethod[], countries: readonly Country[]) {
  const [open, setOpen] = useState<ExpressWalletId | null>(null);
  const [consentMissing, setConsentMissing] = useState(false);
  const consentBox = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // PayPal or Amazon Pay asked for from the row: started once its view is the step's method.
  const [starting, setStarting] = useState<WalletId | null>(null);
  const { t } = useWords();
  const start = useEffectEvent((wallet: WalletId) => {
    // The sandbox's wallets and Amazon Pay start from the step's own sequence (it first asks for
    // any billing detail still missing); PayPal's SDK buttons are the buyer's to click.
    if (step.methodLabel !== null) void step.pay();
    else document.querySelector<HTMLElement>(`[data-payment-method="${wallet}"]`)?.scrollIntoView?.({ block: 'center' });
  });
  useEffect(() => {
    if (!starting || step.method?.id !== starting) return;
    setStarting(null);
    start(starting);
  }, [starting, step.method?.id]);

  const priced = step.quote.status === 'ready' ? step.quote.quote.quote : null;
  const card = cardConfigOf(methods);
  // Priced for a known place: until then the row keeps its place, its buttons wait.
  const visible = step.taxKnown && step.terms !== null;
  const addressNeeds = { needsAddress: step.needsAddress, deliverySameAsBilling: step.deliverySameAsBilling, business: step.business };
  const countryName = countries.find((country) => country.code === step.billing.country)?.name ?? step.billing.country;

  /** The billing form as the wallet fills it: its contact and address, in the country the order is priced for. */
  const formFor = (contact: WalletContact): BillingForm => ({ ...step.billing, ...contact });

  /** Whether a wallet may start: where the mandate applies, only once its terms are agreed to (else the box says so). */
  const mayStart = (): boolean => {
    if (!priced || step.paying) return false;
    if (step.consentRequired && !step.consented) {
      setConsentMissing(true);
      consentBox.current?.focus();
      return false;
    }
    setConsentMissing(false);
    return true;
  };

  /** Runs the payment step's payment with the wallet's details and this card (prepared as the method needs). */
  const pay = (wallet: ExpressWalletId, form: BillingForm, method: ExpressPayment['method']) => step.payExpress({ wallet, form, method });

  return {
    /** PayPal or Amazon Pay from the row: chooses the method, then starts it. */
    startWallet(wallet: WalletId) {
      if (step.paying) return;
      step.chooseMethod(wallet);
      setStarting(wallet);
    },
    visible,
    /** Whether the sandbox's wallets may open: not while the order is re-priced (a new place, a code) or paid. */
    ready: visible && priced !== null && !step.paying,
    card,
    open,
    countryName,
    country: step.billing.country,
    today: priced ? formatMoney(priced.total, step.plan.currencyCode) : null,
    total: priced?.total ?? null,
    terms: step.terms ? [step.terms.plan, ...step.terms.addOns] : [],
    /** The one renewal consent of the step, for a wallet and the form alike: its box sits below the wallets. */
    consent: {
      required: step.consentRequired,
      checked: step.consented,
      error: consentMissing && !step.consented ? t('methods.express.consentMissing') : step.showErrors ? step.consentError : undefined,
      onChange: (agreed: boolean) => {
        step.setConsent(agreed);
        if (agreed) setConsentMissing(false);
      },
      /** The wallet's way to the box and the form's (which focuses it when the form is sent without it). */
      inputRef: (element: HTMLInputElement | null) => {
        consentBox.current = element;
        step.register('consent')(element);
      },
      onVisible: step.consentVisible,
    },
    mayStart,
    formFor,
    errorsFor: (contact: WalletContact) => validateBilling(formFor(contact), addressNeeds) as Partial<Record<keyof WalletContact, string>>,
    pay,
    /** Opens a sandbox wallet's sheet, from the button that asked for it (focus goes back there when it closes). */
    start(wallet: ExpressWalletId, from: HTMLElement | null) {
      if (!mayStart()) return;
      opener.current = from;
      setOpen(wallet);
    },
    close() {
      setOpen(null);
      opener.current?.focus();
    },
    /** The sandbox sheet's Pay: the wallet's card is a sandbox card, sent as the card form would send it. */
    async payWithSandbox(wallet: ExpressWalletId, contact: WalletContact, walletCard: WalletCard) {
      const running = pay(wallet, formFor(contact), {
        prepare: async () => ({
          payment: { kind: 'sandbox-card', number: walletCard.number, expiry: walletCard.expiry, cvc: walletCard.cvc },
        }),
        // The sandbox's bank is a page of its own (a redirect), never an in-page check.
        handleAction: async () => ({ error: t('methods.bank.noInPageCheck') }),
      });
      const end = await running;
      // Paid: the step goes on to the success page. Otherwise the step says what happened, beside its button.
      if (end?.status !== 'succeeded' && end?.status !== 'redirecting') setOpen(null);
    },
  };
}

export type ExpressCheckoutState = ReturnType<typeof useExpressCheckout>;
