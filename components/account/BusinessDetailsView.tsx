import { useState, type FormEvent } from 'react';
import type { SubscriptionPageProps } from '@/lib/account/accountView';
import { failureMessage } from '@/lib/account/apiFailure';
import {
  BUSINESS_FAILURES,
  businessForm,
  checkBusiness,
  type BusinessForm,
  type BusinessProblems,
  vatStatusKey,
} from '@/lib/account/businessDetails';
import { countryName } from '@/lib/geo/countryName';
import { withLang } from '@/lib/i18n/langLink';
import { hasVatNumbers } from '@/lib/pricing/vatNumbers';
import { useApiClient } from '@/components/shell/ApiClientProvider';
import { DocumentTitle } from '@/components/shell/DocumentTitle';
import { useWords } from '@/components/shell/I18n';
import { Field } from '@/components/ui/Field';
import { AccountFrame } from './AccountFrame';
import { FormActions } from './FormActions';
import actions from './AccountActions.module.css';
import styles from './AccountForms.module.css';

/**
 * The company a business subscriber's later invoices name: its name and, where the billing
 * country has them, its VAT number, checked as the checkout checks them; with where finance's
 * check of the number stands. The billing country stays the purchase's.
 */
export function BusinessDetailsView({ email, livemode, brand, subscription: initial }: SubscriptionPageProps) {
  const api = useApiClient();
  const words = useWords();
  const { t } = words;
  const [subscription, setSubscription] = useState(initial);
  const business = subscription.business;
  const statusKey = business ? vatStatusKey(business) : null;
  const [form, setForm] = useState<BusinessForm>(() =>
    initial.business ? businessForm(initial.business) : { companyName: '', vatNumber: '' },
  );
  const [problems, setProblems] = useState<BusinessProblems>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const accountHref = withLang(livemode ? '/account' : '/account?livemode=false', words.locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (!business) return;
    const checked = checkBusiness(form, business);
    setProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    setSending(true);
    setError(null);
    try {
      const { companyName, vatNumber } = checked.business;
      setSubscription((await api.changeBusiness(subscription.id, { companyName, vatNumber: vatNumber ?? '' })).subscription);
      setSaved(true);
    } catch (failure) {
      setError(words.say(failureMessage(failure, BUSINESS_FAILURES, 'billing.error.fallback')));
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof BusinessForm, label: string, optional: boolean) => (
    <Field
      id={`business-${name}`}
      label={label}
      value={form[name]}
      required={!optional}
      autoComplete={name === 'companyName' ? 'organization' : 'off'}
      error={problems[name] ? words.say(problems[name]) : undefined}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
    />
  );

  return (
    <AccountFrame brand={brand} livemode={livemode} email={email}>
      <DocumentTitle title={t('billing.business.title')} />
      <h1>{t('billing.business.title')}</h1>
      {!business ? (
        <p role="alert">{t('billing.business.error.not_business')}</p>
      ) : (
        <>
          <p>{t('billing.business.intro', { brand: subscription.brandName, offer: subscription.offerName })}</p>
          {saved && (
            <div className={actions.notice} role="status" data-testid="business-saved">
              <p>{t('billing.business.saved', { company: business.companyName })}</p>
            </div>
          )}
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <div className={styles.field}>
              <span className={styles.label}>{t('billing.business.country')}</span>
              <p className={styles.fixed} data-testid="business-country">
                <strong>{countryName(words, business.country)}</strong>
              </p>
            </div>
            {field('companyName', t('payment.business.companyName'), false)}
            {hasVatNumbers(business.country) && (
              <>
                {field('vatNumber', t('payment.business.vatNumber'), true)}
                {statusKey && (
                  <p className={styles.hint} data-testid="business-vat-status">
                    {t(statusKey)}
                  </p>
                )}
              </>
            )}
            <FormActions
              error={error}
              label={t('billing.business.submit')}
              busyLabel={t('billing.saving')}
              sending={sending}
              secondary={{ href: accountHref, label: t('billing.back') }}
            />
          </form>
        </>
      )}
    </AccountFrame>
  );
}
