import { useContext } from 'react';
import { couponScope, type CampaignForm, type CouponForm, type CouponScopeForm } from '@/lib/campaigns/draftForm';
import { couponControl } from '@/lib/campaigns/draftFormProblems';
import { ProblemsBeside, TextInput, controlId } from './CampaignEditorInputs';
import styles from './BackOffice.module.css';

/**
 * Where a coupon of the campaign editor works: on every plan of this campaign or on those
 * ticked, and on which other campaigns too (lib/campaigns/draftForm.ts CouponScopeForm).
 */
export function CouponScopeFields(props: { form: CampaignForm; coupon: CouponForm; onChange: (scope: CouponScopeForm) => void }) {
  const { form, coupon } = props;
  const scope = couponScope(form, coupon);
  const change = (value: Partial<CouponScopeForm>) => props.onChange({ ...scope, ...value });
  return (
    <>
      <WorksOn form={form} control={couponControl(coupon.key, 'plans')} scope={scope} onChange={change} />
      <TextInput
        control={couponControl(coupon.key, 'otherCampaigns')}
        label="Also works on campaigns"
        value={scope.otherCampaigns}
        onChange={(otherCampaigns) => change({ otherCampaigns })}
        hint="Other campaigns' ids, separated by commas; empty: this campaign only. A change here changes the code there too."
      />
    </>
  );
}

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * "Works on": a choice between every plan and the plans ticked, then a box per plan the page
 * sells. Its problems are the group's: it is what they mark and the alert's "Go to the first" focuses.
 */
function WorksOn(props: {
  form: CampaignForm;
  control: string;
  scope: CouponScopeForm;
  onChange: (change: Partial<CouponScopeForm>) => void;
}) {
  const { form, scope, onChange } = props;
  const id = controlId(props.control);
  const errors = useContext(ProblemsBeside).get(props.control) ?? [];
  const plans = form.offers.filter((offer) => offer.onPage);
  const tick = (key: string, ticked: boolean) =>
    onChange({ plans: ticked ? [...scope.plans.filter((plan) => plan !== key), key] : scope.plans.filter((plan) => plan !== key) });
  const choice = (value: boolean, label: string) => (
    <div className={styles.check}>
      <input
        id={`${id}-${value ? 'ticked' : 'every'}`}
        type="radio"
        name={`${id}-choice`}
        checked={scope.plansOnly === value}
        onChange={() => onChange({ plansOnly: value })}
      />
      <label htmlFor={`${id}-${value ? 'ticked' : 'every'}`}>{label}</label>
    </div>
  );
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={styles.fieldset}
      aria-describedby={errors.length ? `${id}-error` : undefined}
      aria-invalid={errors.length ? true : undefined}
    >
      <legend>Works on</legend>
      {choice(false, 'Every plan of this campaign')}
      {choice(true, 'Only the plans ticked')}
      {plans.length === 0 && <p className={styles.hint}>The page sells no plan yet.</p>}
      <div className={styles.checks}>
        {plans.map((plan) => (
          <div key={plan.key} className={styles.check}>
            <input
              id={`${id}-${plan.key}`}
              type="checkbox"
              checked={scope.plans.includes(plan.key)}
              disabled={!scope.plansOnly}
              onChange={(event) => tick(plan.key, event.target.checked)}
            />
            <label htmlFor={`${id}-${plan.key}`}>{plan.name.trim() || `Offer ${form.offers.indexOf(plan) + 1}`}</label>
          </div>
        ))}
      </div>
      {scope.otherOffers.length > 0 && (
        <p className={styles.hint}>It also names other campaigns’ plans (offers {scope.otherOffers.join(', ')}): they stay as they are.</p>
      )}
      {errors.length > 0 && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {errors.map(sentence).join('; ')}
        </p>
      )}
    </fieldset>
  );
}
