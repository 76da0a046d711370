import { useId, useState } from 'react';
import { textToCents } from '@/lib/campaigns/draftForm';
import { campaignStudioApi } from '@/lib/operators/campaignStudioApi';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import { careMoney } from './careWords';
import { useAction } from './useAction';
import styles from './BackOffice.module.css';

/**
 * A bought offer's renewal price, changed for those who hold it: the one explicit way
 * (lib/server/campaigns/renewalPriceChange.ts). It takes effect in the catalogue at once; each
 * subscriber is given the market's notice before the first renewal charged at it. Not part of
 * the draft: it is not saved or published with the campaign.
 */
export function RenewalPriceChange({ offerId, offerName, currencyCode }: { offerId: string; offerName: string; currencyCode: string }) {
  const id = useId();
  const [price, setPrice] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, setError, run } = useAction();
  const change = () =>
    run(async () => {
      setDone(null);
      const cents = textToCents(price);
      if (cents === null) {
        setError('Enter a price such as 12.99.');
        return;
      }
      const changed = await campaignStudioApi.changeRenewalPrice(offerId, cents);
      const money = (amount: number) => careMoney(amount, changed.currencyCode as CurrencyCode);
      setDone(
        `${offerName} now renews at ${money(changed.after)} instead of ${money(changed.before)}. ` +
          `${changed.subscribers === 1 ? 'Its subscriber is' : `Each of its ${changed.subscribers} subscribers is`} given notice before the first renewal charged at it.`,
      );
    });
  return (
    <div className={styles.subform} role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Renewal price for those who hold it</h4>
      <p className={styles.hint} id={`${id}-hint`}>
        Changes what its subscribers pay from a later renewal, with notice as their market requires. It takes effect now, not with this
        draft.
      </p>
      <label>
        <span className={styles.label}>New renewal price ({currencyCode})</span>
        <input
          className={styles.input}
          inputMode="decimal"
          value={price}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
      </label>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <div>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy || price.trim() === ''}
          aria-busy={busy}
          onClick={() => void change()}
        >
          {busy ? 'Changing…' : 'Change their renewal price'}
        </button>
      </div>
      <p role="status">{done}</p>
    </div>
  );
}
