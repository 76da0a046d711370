import { useState } from 'react';
import { AddressFields } from '@/components/address/AddressFields';
import { useWords } from '@/components/shell/I18n';
import { Loader } from '@/components/ui/Loader';
import { addressForm, checkAddress, type AddressField, type AddressForm } from '@/lib/account/deliveryAddress';
import { postalLines } from '@/lib/geo/countryName';
import { sayEach } from '@/lib/i18n/words';
import { careApi } from '@/lib/operators/careApi';
import type { CareCustomerView, CareSubscriptionView } from '@/lib/operators/careViews';
import { useAction } from './useAction';
import { CareReasonField } from './CareReasonField';
import styles from './BackOffice.module.css';

type Done = (customer: CareCustomerView, said: string) => void;
const FIELDS = { line1: 'line1', city: 'city', region: 'region', postalCode: 'postalCode' } as const;

/**
 * Care moves a print subscription's delivery for the subscriber, within its country: the
 * address asked for as that country has it and checked as the checkout checks it, with a
 * reason for the records. The subscriber is e-mailed the new address.
 */
export function CareAddressForm({ subscription: s, onDone }: { subscription: CareSubscriptionView; onDone: Done }) {
  const words = useWords();
  const country = s.deliveryAddress?.country ?? '';
  const [address, setAddress] = useState<AddressForm>(() => addressForm(s.deliveryAddress));
  const [problems, setProblems] = useState<Partial<Record<AddressField, string>>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const action = useAction();
  if (!s.deliveryAddress || !s.canEndNow) return null;

  const save = () => {
    const checked = checkAddress(address, country);
    setProblems(checked.ok ? {} : sayEach(words, checked.problems));
    const why = reason.trim();
    setReasonError(why ? null : 'Say why, for the records (the customer does not see it).');
    if (!checked.ok || !why) return;
    const { line1, city, postalCode, region } = checked.address;
    void action.run(async () => {
      const { customer } = await careApi.moveDelivery(s.id, { line1, city, postalCode, ...(region ? { region } : {}) }, why);
      setReason('');
      const to = customer.subscription.deliveryAddress;
      onDone(
        customer,
        `Delivery moved${to ? ` to ${postalLines(words, to).join(', ')}` : ''}. The subscriber was e-mailed the new address.`,
      );
    });
  };

  return (
    <section className={styles.card} aria-labelledby="care-address">
      <h2 id="care-address">Delivery address</h2>
      <p>
        A move within its country ({postalLines(words, s.deliveryAddress).at(-1)}): the subscription keeps that country’s price and tax.
      </p>
      <div className={styles.form}>
        <AddressFields
          country={country}
          place="delivery"
          idPrefix="care-address"
          fields={FIELDS}
          values={address}
          errors={problems}
          onChange={(field, value) => setAddress({ ...address, [field]: value })}
        />
        <CareReasonField id="care-address-reason" label="Reason for the change" value={reason} error={reasonError} onChange={setReason} />
        {action.error && (
          <p className={styles.alert} role="alert">
            {action.error}
          </p>
        )}
        <div className={styles.row}>
          <button type="button" className={styles.primary} disabled={action.busy} aria-busy={action.busy} onClick={save}>
            {action.busy && <Loader type="submission-processing" size="small" label="Saving…" />}
            Save delivery address
          </button>
        </div>
      </div>
    </section>
  );
}
