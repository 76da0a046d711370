import { CURRENCY_CODES } from '@/lib/pricing/currencies';
import { ChoiceInput, TextInput } from './CampaignEditorInputs';

export const CURRENCY_CHOICES = [{ value: '', label: 'None' }, ...CURRENCY_CODES.map((code) => ({ value: code, label: code }))];

export interface Discount {
  percentOff: string;
  amountOff: string;
  currencyCode: string;
}

/**
 * What a coupon takes off, as a single coupon and a batch of codes both ask it: a percentage, or
 * an amount in a currency. `control` names each field's control, where problems are shown.
 */
export function DiscountFields(props: {
  control: (field: keyof Discount) => string;
  discount: Discount;
  onChange: (change: Partial<Discount>) => void;
  /** Asks the currency only once an amount is typed (a new batch), rather than always (a coupon keeps its currency). */
  currencyWithAmountOnly?: boolean;
}) {
  const { control, discount, onChange } = props;
  const showCurrency = !props.currencyWithAmountOnly || discount.amountOff.trim() !== '';
  return (
    <>
      <TextInput
        control={control('percentOff')}
        label="Percent off"
        inputMode="decimal"
        value={discount.percentOff}
        onChange={(percentOff) => onChange({ percentOff })}
        hint="Such as 10; or an amount off instead."
      />
      <TextInput
        control={control('amountOff')}
        label="Amount off"
        inputMode="decimal"
        value={discount.amountOff}
        onChange={(amountOff) => onChange({ amountOff })}
        hint="Such as 5.00, in the currency beside it."
      />
      {showCurrency && (
        <ChoiceInput
          control={control('currencyCode')}
          label="Currency"
          value={discount.currencyCode}
          choices={CURRENCY_CHOICES}
          onChange={(currencyCode) => onChange({ currencyCode })}
          hint="The amount's."
        />
      )}
    </>
  );
}
