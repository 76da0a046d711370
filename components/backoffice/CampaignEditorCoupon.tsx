import { couponNumber } from '@/lib/campaigns/couponBatch';
import type { CampaignForm, CouponForm } from '@/lib/campaigns/draftForm';
import { couponControl } from '@/lib/campaigns/draftFormProblems';
import { CouponScopeFields } from './CampaignEditorCouponScope';
import { DiscountFields } from './CampaignEditorDiscount';
import { TextInput } from './CampaignEditorInputs';
import styles from './BackOffice.module.css';

export type CouponChange = Partial<Omit<CouponForm, 'key' | 'base' | 'batch'>>;

/** "Coupon 2: WINTER10": numbered among the coupons shown on their own, a batch of codes being one item of its own. */
export const couponTitle = (coupon: CouponForm, number: number) => `Coupon ${number}${coupon.code.trim() ? `: ${coupon.code.trim()}` : ''}`;

/** One coupon of the campaign: its code, what it takes off, when, how often and where it works. */
export function CouponFields(props: {
  form: CampaignForm;
  index: number;
  busy: boolean;
  onChange: (key: string, change: CouponChange) => void;
  onRemove: (key: string) => void;
}) {
  const { form, index, busy } = props;
  const coupon = form.coupons[index]!;
  const change = (value: CouponChange) => props.onChange(coupon.key, value);
  const control = (name: Parameters<typeof couponControl>[1]) => couponControl(coupon.key, name);
  return (
    <fieldset className={styles.fieldset}>
      <legend>{couponTitle(coupon, couponNumber(form.coupons, index))}</legend>
      <div className={styles.fields}>
        <TextInput
          control={control('code')}
          label="Code"
          value={coupon.code}
          // The catalogue's codes are upper case: what a buyer types is matched in any case.
          onChange={(code) => change({ code: code.toUpperCase() })}
          hint="3 to 32 letters or digits."
        />
        <DiscountFields control={control} discount={coupon} onChange={change} />
        <TextInput
          control={control('validFrom')}
          label="Valid from"
          type="datetime-local"
          value={coupon.validFrom}
          onChange={(validFrom) => change({ validFrom })}
          hint="On the campaign's time zone's clock; empty: now."
        />
        <TextInput
          control={control('validUntil')}
          label="Valid until"
          type="datetime-local"
          value={coupon.validUntil}
          onChange={(validUntil) => change({ validUntil })}
          hint="Empty: no end."
        />
        <TextInput
          control={control('maxRedemptions')}
          label="Uses in all"
          inputMode="numeric"
          value={coupon.maxRedemptions}
          onChange={(maxRedemptions) => change({ maxRedemptions })}
          hint="Empty: no cap."
        />
        <TextInput
          control={control('maxRedemptionsPerCustomer')}
          label="Uses per customer"
          inputMode="numeric"
          value={coupon.maxRedemptionsPerCustomer}
          onChange={(maxRedemptionsPerCustomer) => change({ maxRedemptionsPerCustomer })}
          hint="Empty: no cap."
        />
      </div>
      <CouponScopeFields form={form} coupon={coupon} onChange={(scope) => change({ scope })} />
      <div className={styles.row}>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => props.onRemove(coupon.key)}>
          Remove coupon
        </button>
      </div>
    </fieldset>
  );
}

/** The other campaigns a coupon's scope names ("vogue-spring, gq-spring"); null when only this one. A batch of codes says so (CampaignEditorCodeBatch.tsx). */
export function reachBeyond(scope: unknown, campaignId: string): string | null {
  if (!scope || typeof scope !== 'object') return null;
  const campaigns = (scope as { campaigns?: unknown }).campaigns;
  const others = Array.isArray(campaigns) ? campaigns.map(String).filter((id) => id !== campaignId) : [];
  return others.length ? others.join(', ') : null;
}
