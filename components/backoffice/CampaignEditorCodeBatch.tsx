import { useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_CODES, MAX_PREFIX, type RandomBytes } from '@/lib/campaigns/couponBatch';
import type { CampaignForm, CouponForm } from '@/lib/campaigns/draftForm';
import { emptyCodeBatch, type CodeBatchForm, type CodeBatchProblem } from '@/lib/campaigns/draftFormBatch';
import { batchControl } from '@/lib/campaigns/draftFormProblems';
import { zonedToUtc } from '@/lib/campaigns/zonedTime';
import { reachBeyond } from './CampaignEditorCoupon';
import { DiscountFields } from './CampaignEditorDiscount';
import { ProblemsBeside, TextInput, controlId } from './CampaignEditorInputs';
import { ADD_CODES_ID } from './CampaignEditorState';
import styles from './BackOffice.module.css';

/**
 * Batches of single-use codes for a partner in the campaign editor's Coupons section: the
 * sub-form that makes one, and a batch shown as one item (its codes are coupons of the form,
 * one each in the draft: lib/campaigns/couponBatch.ts, lib/campaigns/draftFormBatch.ts).
 */

/** A saved version of the campaign: where its single-use codes are listed. */
export interface SavedCodes {
  campaignId: string;
  version: number;
}

/** The route (pages/api/operator/campaigns/[campaignId]/codes.ts) answers a version's single-use codes as a CSV file. */
export const codesCsvPath = ({ campaignId, version }: SavedCodes) =>
  `/api/operator/campaigns/${encodeURIComponent(campaignId)}/codes?version=${version}`;

/** The browser's cryptographic source: a partner's codes must not be guessed from one another. */
const randomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

const control = (field: keyof CodeBatchForm) => `codes.${field}`;

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** The sub-form: how many codes, their prefix and terms; its own problems beside its fields. */
export function CodeBatchAdder(props: {
  form: CampaignForm;
  busy: boolean;
  onAdd: (request: CodeBatchForm, random: RandomBytes) => CodeBatchProblem[];
}) {
  const { form, busy } = props;
  const [request, setRequest] = useState<CodeBatchForm>(() => emptyCodeBatch(''));
  const [problems, setProblems] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
  const focusNext = useRef<string | null>(null);
  // The first field with a problem, once it shows the problem: focused, it is read out with it.
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  // Until one is chosen, an amount is in the currency the campaign's offers are priced in.
  const currencyCode = request.currencyCode || form.offers[0]?.currencyCode || '';
  const change = (value: Partial<CodeBatchForm>) => setRequest((current) => ({ ...current, ...value }));
  const add = () => {
    if (busy) return;
    const found = props.onAdd({ ...request, currencyCode }, randomBytes);
    const byControl = new Map<string, string[]>();
    for (const { field, message } of found) byControl.set(control(field), [...(byControl.get(control(field)) ?? []), message]);
    setProblems(byControl);
    if (found.length) focusNext.current = controlId(control(found[0]!.field));
    else setRequest(emptyCodeBatch(request.currencyCode));
  };
  // Enter in one of these fields adds the codes, as the button does, rather than save the whole draft.
  const addOnEnter = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    add();
  };
  return (
    <fieldset className={styles.fieldset} onKeyDown={addOnEnter}>
      <legend>Single-use codes</legend>
      <p className={styles.hint}>Codes for a partner to hand out, one per person: each works once, on this campaign.</p>
      <ProblemsBeside.Provider value={problems}>
        <div className={styles.fields}>
          <TextInput
            control={control('count')}
            label="How many"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CODES}
            value={request.count}
            onChange={(count) => change({ count })}
            hint={`From 1 to ${MAX_CODES}.`}
          />
          <TextInput
            control={control('prefix')}
            label="Code prefix"
            value={request.prefix}
            onChange={(prefix) => change({ prefix: prefix.toUpperCase() })}
            hint={`Optional: up to ${MAX_PREFIX} letters or digits, such as PARTNER. 10 random characters follow it.`}
          />
          <DiscountFields
            control={control}
            discount={{ percentOff: request.percentOff, amountOff: request.amountOff, currencyCode }}
            onChange={change}
            currencyWithAmountOnly
          />
          <TextInput
            control={control('validUntil')}
            label="Valid until"
            type="datetime-local"
            value={request.validUntil}
            onChange={(validUntil) => change({ validUntil })}
            hint={`On ${form.timeZone}'s clock; empty: no end.`}
          />
        </div>
      </ProblemsBeside.Provider>
      <div className={styles.row}>
        <button id={ADD_CODES_ID} type="button" className={styles.secondary} disabled={busy} onClick={add}>
          Add single-use codes
        </button>
      </div>
    </fieldset>
  );
}

/** "How many", wired as TextInput wires its fields, but a spin button: TextInput's types are all text-like. */
/** How many of a batch's codes it shows: enough to recognise it; the CSV has them all. */
const SHOWN_CODES = 5;

/** A batch as one item: how many codes, their terms, the first few, the file of them once saved, and its removal. */
export function CodeBatchItem(props: {
  form: CampaignForm;
  batch: string;
  indexes: readonly number[];
  /** The saved version the form holds unchanged; null: the codes are not all saved yet. */
  saved: SavedCodes | null;
  busy: boolean;
  onRemove: (batch: string) => void;
}) {
  const { form, batch, saved, busy } = props;
  const coupons = props.indexes.map((index) => form.coupons[index]!);
  const id = controlId(batchControl(batch));
  const errors = useContext(ProblemsBeside).get(batchControl(batch)) ?? [];
  const more = coupons.length - SHOWN_CODES;
  return (
    // The group is named by its count and terms, which no two batches share (the same terms
    // are one batch). It has no field of its own: it is what a problem marks and the alert's
    // "Go to the first" focuses.
    <div
      id={id}
      role="group"
      tabIndex={-1}
      className={`${styles.fieldset} ${styles.batch}`}
      aria-labelledby={`${id}-title ${id}-terms`}
      aria-describedby={errors.length ? `${id}-error` : undefined}
      aria-invalid={errors.length ? true : undefined}
    >
      <h3 id={`${id}-title`}>{coupons.length} single-use codes</h3>
      <p id={`${id}-terms`}>{termsInWords(coupons[0]!, form)}</p>
      <ul className={styles.codes}>
        {coupons.slice(0, SHOWN_CODES).map((coupon) => (
          <li key={coupon.key}>{coupon.code}</li>
        ))}
      </ul>
      {more > 0 && <p>…and {more === 1 ? 'one more' : `${more} more`}.</p>}
      {errors.length > 0 && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {errors.map(sentence).join('; ')}
        </p>
      )}
      <div className={styles.row}>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => props.onRemove(batch)}>
          Remove these codes
        </button>
        {saved ? (
          <span>
            <a className={styles.link} href={codesCsvPath(saved)}>
              Download the codes (CSV)
            </a>{' '}
            (every single-use code of version {saved.version})
          </span>
        ) : (
          <span className={styles.hint}>Save the draft to download the codes.</span>
        )}
      </div>
    </div>
  );
}

/** "10% off, valid until 31 Jan 2027, 00:00 (Europe/Berlin). Each code works once, for one customer." */
function termsInWords(coupon: CouponForm, form: CampaignForm): string {
  const off = coupon.percentOff ? `${coupon.percentOff}% off` : `${coupon.amountOff} ${coupon.currencyCode} off`;
  const when = (local: string) => {
    const iso = zonedToUtc(local, form.timeZone);
    if (!iso) return local;
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: form.timeZone }).format(new Date(iso));
  };
  const dates = [coupon.validFrom && `from ${when(coupon.validFrom)}`, coupon.validUntil && `until ${when(coupon.validUntil)}`];
  const valid = dates.some(Boolean) ? `, valid ${dates.filter(Boolean).join(' ')} (${form.timeZone})` : '';
  const end = coupon.validUntil ? '' : ', with no end date';
  const reach = reachBeyond(coupon.base.scope, form.flow.campaignId);
  const also = reach ? ` They also work on ${reach}.` : '';
  return `${off}${valid}${end}. Each code works once, for one customer.${also}`;
}
