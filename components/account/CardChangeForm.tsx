import type { FormEvent, RefObject } from 'react';
import type { SubscriptionSummary } from '@/lib/account/accountView';
import { pastDueWords } from '@/lib/account/pastDueWords';
import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import type { Words } from '@/lib/i18n/words';
import type { PaymentMethodConfigs } from '@/lib/payments/methods';
import { KeptCardFields, type KeptCardHandle } from '@/components/payment-methods/registry';
import { useWords } from '@/components/shell/I18n';
import { FormActions } from './FormActions';
import type { CardChange } from './useCardChange';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

/**
 * What the page says of a saved card, with what saving it did to the payment: nothing, the
 * past-due renewal it paid (or did not), or the charge still to come.
 */
function savedNotice(
  words: Words,
  before: SubscriptionSummary,
  after: SubscriptionSummary,
  renewalPending: boolean,
  said: { title: string; email: string },
): MessageDescriptor {
  const values = { ...said, method: after.paymentMethod };
  const stillDue = pastDueWords(words, after);
  if (!before.facts.pastDue) return { id: 'billing.card.saved.nothing', values };
  if (renewalPending && stillDue) return { id: 'billing.card.saved.pending', values };
  if (!stillDue) return { id: 'billing.card.saved.paid', values };
  return { id: 'billing.card.saved.failed', values: { ...values, reason: stillDue.reason } };
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
  const words = useWords();
  const { saved } = change;
  return (
    <>
      {saved && (
        <div className={actions.notice} role="status" data-testid="card-saved">
          <p>{words.say(savedNotice(words, saved.before, subscription, saved.renewalPending, { title, email }))}</p>
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
            label={words.t('billing.card.submit')}
            busyLabel={words.t('billing.saving')}
            sending={change.sending}
            secondary={{ href: accountHref, label: words.t('billing.back') }}
          />
        </form>
      )}
    </>
  );
}
