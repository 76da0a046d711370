import { useMemo, useState, type FormEvent } from 'react';
import { AddressFields } from '@/components/address/AddressFields';
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import { failureMessage } from '@/lib/account/apiFailure';
import { ADDRESS_FAILURES, addressForm, checkAddress, type AddressForm, type AddressProblems } from '@/lib/account/deliveryAddress';
import { countryName, postalLines } from '@/lib/geo/countryName';
import { withLang } from '@/lib/i18n/langLink';
import { sayEach } from '@/lib/i18n/words';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

const FIELDS = { line1: 'line1', city: 'city', region: 'region', postalCode: 'postalCode' } as const;

/**
 * Where a print subscription is delivered from now on, checked as the checkout checks it: a
 * move within its country, the state perhaps another (which its next renewal is taxed in).
 */
export function DeliveryAddressView({ email, livemode, brand, subscription: initial }: SubscriptionPageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [subscription, setSubscription] = useState(initial);
  const [address, setAddress] = useState<AddressForm>(() => addressForm(initial.deliveryAddress));
  const [errors, setErrors] = useState<AddressProblems>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const accountHref = withLang(livemode ? '/account' : '/account?livemode=false', words.locale);
  // A print subscription always has one (bought with an address); its country is where it stays.
  const country = initial.deliveryAddress?.country ?? '';
  const shownErrors = useMemo(() => sayEach(words, errors), [errors, words]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const checked = checkAddress(address, country);
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
          <p>{t('billing.address.saved', { address: postalLines(words, subscription.deliveryAddress).join(', '), email })}</p>
        </div>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <span className={styles.label}>{t('billing.address.country')}</span>
          <p className={styles.fixed} data-testid="address-country">
            <strong>{countryName(words, country)}</strong>
            <br />
            <span className={styles.hint}>{t('billing.address.countryKept')}</span>
          </p>
        </div>
        <AddressFields
          country={country}
          place="delivery"
          idPrefix="address"
          fields={FIELDS}
          values={address}
          errors={shownErrors}
          onChange={(field, value) => setAddress({ ...address, [field]: value })}
        />
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
