import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { Loader } from '@/components/ui/Loader';
import { careApi } from '@/lib/operators/careApi';
import { majorUnits, minorUnits, type CareCustomerView, type CareTransactionView } from '@/lib/operators/careViews';
import { careMoney } from './careWords';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

const newKey = () => crypto.randomUUID();

/**
 * Refunds one paid payment in full or in part. The amount is typed in the currency's major
 * units (12.50), prefilled with what is left. One idempotency key per refund meant: a double
 * click or a retry after a lost answer refunds once; a new key only after a refund was made.
 */
export function CareRefundForm({
  transaction: t,
  onDone,
}: {
  transaction: CareTransactionView;
  onDone: (customer: CareCustomerView | null, said: string | null) => void;
}) {
  const [amount, setAmount] = useState(majorUnits(t.refundable));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [key, setKey] = useState(newKey);
  const action = useAction();
  const label = t.invoiceNumber ?? t.id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = minorUnits(amount);
    const found = {
      ...(minor === null
        ? { amount: `Enter an amount such as ${majorUnits(t.refundable)}, with at most two decimals.` }
        : minor > t.refundable
          ? { amount: `At most ${careMoney(t.refundable, t.currencyCode)} of this payment can still be refunded.` }
          : {}),
      ...(reason.trim() ? {} : { reason: 'Say why, for the records (the customer does not see it).' }),
    };
    setErrors(found);
    if (minor === null || Object.keys(found).length > 0) return;
    void action.run(async () => {
      const answer = await careApi.refund(t.id, { amount: minor, reason: reason.trim(), idempotencyKey: key });
      const money = careMoney(answer.refund.amount, t.currencyCode);
      if (answer.refund.status === 'failed') {
        onDone(answer.customer, null);
        throw new Error(
          `The provider refused the refund of ${money}: ${answer.refund.failure ?? 'no reason given'}. Nothing was refunded.`,
        );
      }
      setKey(newKey());
      setReason('');
      const rest = answer.customer?.transactions.find((x) => x.id === t.id)?.refundable ?? 0;
      setAmount(majorUnits(rest));
      onDone(
        answer.customer,
        answer.refund.status === 'succeeded'
          ? `Refunded ${money} of ${label}: credit note ${answer.refund.creditNoteNumber ?? '—'}.`
          : `The refund of ${money} of ${label} is under way at the provider; this page shows it as pending until it settles.`,
      );
    });
  };

  return (
    <form className={styles.subform} onSubmit={submit} noValidate aria-labelledby={`refund-${t.id}`}>
      <h3 id={`refund-${t.id}`}>
        Refund {label} ({careMoney(t.refundable, t.currencyCode)} left of {careMoney(t.total, t.currencyCode)})
      </h3>
      <Field
        id={`refund-amount-${t.id}`}
        label={`Amount to refund (${t.currencyCode})`}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={errors.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Field
        id={`refund-reason-${t.id}`}
        label="Reason for the refund"
        autoComplete="off"
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {action.error && (
        <p className={styles.alert} role="alert">
          {action.error}
        </p>
      )}
      <div>
        <button type="submit" className={styles.primary} disabled={action.busy} aria-busy={action.busy}>
          {action.busy && <Loader type="submission-processing" size="small" label="Refunding…" />}
          Refund
        </button>
      </div>
    </form>
  );
}
