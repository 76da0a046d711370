import { useState, type FormEvent } from 'react';
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import { billingSchemas } from '@/lib/checkout/billing';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

type Address = { line1: string; city: string; postalCode: string };
const FIELDS: { name: keyof Address; label: string; autoComplete: string }[] = [
  { name: 'line1', label: 'Street address', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
];

/** Where a print subscription is delivered from now on, checked as the checkout checks it. */
export function DeliveryAddressView({ email, livemode, brand, subscription: initial }: SubscriptionPageProps) {
  const api = useApiClient();
  const [subscription, setSubscription] = useState(initial);
  const [address, setAddress] = useState<Address>(initial.deliveryAddress ?? { line1: '', city: '', postalCode: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Address, string>>>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const accountHref = livemode ? '/account' : '/account?livemode=false';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = billingSchemas().address.safeParse(address);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    setSending(true);
    setError(null);
    try {
      setSubscription((await api.changeDeliveryAddress(subscription.id, parsed.data)).subscription);
      setSaved(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'We could not change the address. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title="Change delivery address" />
      <h1>Change delivery address</h1>
      <p>
        Where {subscription.brandName}: {subscription.offerName} is delivered from the next issue on.
      </p>
      {saved && subscription.deliveryAddress && (
        <div className={actions.notice} role="status" data-testid="address-saved">
          <p>
            Saved. We will deliver to {subscription.deliveryAddress.line1}, {subscription.deliveryAddress.city}{' '}
            {subscription.deliveryAddress.postalCode}, and sent a confirmation to {email}.
          </p>
        </div>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {FIELDS.map((field) => (
          <div className={styles.field} key={field.name}>
            <label htmlFor={`address-${field.name}`}>{field.label}</label>
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
                {errors[field.name]}
              </p>
            )}
          </div>
        ))}
        <FormActions
          error={error}
          label="Save address"
          busyLabel="Saving…"
          sending={sending}
          secondary={{ href: accountHref, label: 'Back to your subscriptions' }}
        />
      </form>
    </AccountFrame>
  );
}
