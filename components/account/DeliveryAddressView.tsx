import { useMemo, useState, type FormEvent } from 'react';
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import { failureMessage } from '@/lib/account/apiFailure';
import {
  ADDRESS_FAILURES,
  addressForm,
  checkAddress,
  type AddressField,
  type AddressForm,
  type AddressProblems,
} from '@/lib/account/deliveryAddress';
import { countryName, postalLines } from '@/lib/geo/countryName';
import { regionLabel, regionsOf } from '@/lib/geo/regions';
import { withLang } from '@/lib/i18n/langLink';
import { languageOf } from '@/lib/i18n/locales';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

const FIELDS: { name: Exclude<AddressField, 'region'>; label: MessageKey; autoComplete: string }[] = [
  { name: 'line1', label: 'billing.address.line1', autoComplete: 'shipping address-line1' },
  { name: 'city', label: 'billing.address.city', autoComplete: 'shipping address-level2' },
  { name: 'postalCode', label: 'billing.address.postalCode', autoComplete: 'shipping postal-code' },
];

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
  const regions = useMemo(() => regionsOf(country, languageOf(words.locale)), [country, words.locale]);

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

  const problem = (name: AddressField) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `address-${name}-error` } : {});
  const problemText = (name: AddressField) =>
    errors[name] && (
      <p id={`address-${name}-error`} className={styles.fieldError}>
        {words.say(errors[name]!)}
      </p>
    );

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
        {regions.length > 0 && (
          <div className={styles.field}>
            <label htmlFor="address-region">{t(regionLabel(country).label)}</label>
            <select
              id="address-region"
              name="region"
              autoComplete="shipping address-level1"
              value={address.region}
              {...problem('region')}
              onChange={(event) => setAddress({ ...address, region: event.target.value })}
            >
              <option value="">{t(regionLabel(country).placeholder)}</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
            {problemText('region')}
          </div>
        )}
        {FIELDS.map((field) => (
          <div className={styles.field} key={field.name}>
            <label htmlFor={`address-${field.name}`}>{t(field.label)}</label>
            <input
              id={`address-${field.name}`}
              name={field.name}
              autoComplete={field.autoComplete}
              value={address[field.name]}
              {...problem(field.name)}
              onChange={(event) => setAddress({ ...address, [field.name]: event.target.value })}
            />
            {problemText(field.name)}
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
