import type { FormEvent, RefObject } from 'react';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import type { PaymentMethodConfigs } from '@/lib/payments/methods';
import { KeptCardFields, type KeptCardHandle } from '@/components/payment-methods/registry';
import { FormActions } from './FormActions';
import type { CardChange } from './useCardChange';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

/** What saving the card did to the payment: nothing, the past-due renewal it paid (or did not), or the charge still to come. */
function savedOutcome(before: SubscriptionSummary, after: SubscriptionSummary, renewalPending: boolean): string {
  if (!before.pastDue) return 'Nothing was charged.';
  if (renewalPending && after.pastDue)
    return 'The renewal will be charged within a few minutes: your account will show whether it was paid.';
  if (!after.pastDue) return 'We charged the renewal with it: your subscription is active again, and its receipt is in your e-mail.';
  return `We tried to charge the renewal with it, but it did not go through: ${after.pastDue.reason}`;
}

interface CardChangeFormProps {
  change: CardChange;
  subscription: SubscriptionSummary;
  /** The subscription as the page names it ("Vogue: Vogue Digital"). */
  title: string;
  email: string;
  config: PaymentMethodConfigs['card'] | null;
  /** Why the page offers no card change, said instead of the form; null when it does. */
  unavailable: string | null;
  accountHref: string;
  cardForm: RefObject<KeptCardHandle | null>;
  onSubmit: (event: FormEvent) => void;
}

/**
 * The card that renews a card subscription from now on: the payment step's card form (the
 * sandbox's fields in test mode, Stripe Elements with Stripe keys), then what the last save did.
 */
export function CardChangeForm({
  change,
  subscription,
  title,
  email,
  config,
  unavailable,
  accountHref,
  cardForm,
  onSubmit,
}: CardChangeFormProps) {
  const { saved } = change;
  return (
    <>
      {saved && (
        <div className={actions.notice} role="status" data-testid="card-saved">
          <p>
            Saved. {title} is now paid with {subscription.paymentMethod}. {savedOutcome(saved.before, subscription, saved.renewalPending)}{' '}
            We sent a confirmation to {email}.
          </p>
        </div>
      )}
      {unavailable ? (
        <p role="alert" className={actions.error}>
          {unavailable}
        </p>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={change.sending}>
          <KeptCardFields
            config={config}
            handleRef={cardForm}
            sandbox={{
              card: change.card,
              errors: change.shownErrors,
              onChange: change.setField,
              onBlur: change.leaveField,
              register: change.register,
            }}
          />
          <FormActions
            error={change.error}
            errorTestId="card-error"
            label="Save card"
            busyLabel="Saving…"
            sending={change.sending}
            secondary={{ href: accountHref, label: 'Back to your subscriptions' }}
          />
        </form>
      )}
    </>
  );
}
