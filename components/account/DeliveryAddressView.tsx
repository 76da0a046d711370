import { useState, type FormEvent } from 'react';
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import { failureMessage } from '@/lib/account/apiFailure';
import {
  ADDRESS_FAILURES,
  checkAddress,
  type AddressField,
  type AddressProblems,
  type DeliveryAddress,
} from '@/lib/account/deliveryAddress';
import { withLang } from '@/lib/i18n/langLink';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

const FIELDS: { name: AddressField; label: MessageKey; autoComplete: string }[] = [
  { name: 'line1', label: 'billing.address.line1', autoComplete: 'address-line1' },
  { name: 'city', label: 'billing.address.city', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'billing.address.postalCode', autoComplete: 'postal-code' },
];

/** Where a print subscription is delivered from now on, checked as the checkout checks it. */
export function DeliveryAddressView({ email, livemode, brand, subscription: initial }: SubscriptionPageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [subscription, setSubscription] = useState(initial);
  const [address, setAddress] = useState<DeliveryAddress>(initial.deliveryAddress ?? { line1: '', city: '', postalCode: '' });
  const [errors, setErrors] = useState<AddressProblems>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const accountHref = withLang(livemode ? '/account' : '/account?livemode=false', words.locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const checked = checkAddress(address);
    setErrors(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    setSending(true);
    setError(null);
    try {
      setSubscription((await api.changeDeliveryAddress(subscription.id, checked.address)).subscription);
      setSaved(true);
    } catch (failure) {
      setError(words.say(failureMessage(failure, ADDRESS_FAILURES, 'billing.error.fallback')));
    } finally {
      setSending(false);
    }
  };

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={t('billing.address.title')} />
      <h1>{t('billing.address.title')}</h1>
      <p>{t('billing.address.intro', { brand: subscription.brandName, offer: subscription.offerName })}</p>
      {saved && subscription.deliveryAddress && (
        <div className={actions.notice} role="status" data-testid="address-saved">
          <p>{t('billing.address.saved', { ...subscription.deliveryAddress, email })}</p>
        </div>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {FIELDS.map((field) => (
          <div className={styles.field} key={field.name}>
            <label htmlFor={`address-${field.name}`}>{t(field.label)}</label>
            <input
              id={`address-${field.name}`}
              name={field.name}
              autoComplete={field.autoComplete}
              value={address[field.name]}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? `address-${field.name}-error` : undefined}
              onChange={(event) => setAddress({ ...address, [field.name]: event.target.value })}
            />
            {errors[field.name] && (
              <p id={`address-${field.name}-error`} className={styles.fieldError}>
                {t(errors[field.name]!)}
              </p>
            )}
          </div>
        ))}
        <FormActions
          error={error}
          label={t('billing.address.submit')}
          busyLabel={t('billing.saving')}
          sending={sending}
          secondary={{ href: accountHref, label: t('billing.back') }}
        />
      </form>
    </AccountFrame>
  );
}
