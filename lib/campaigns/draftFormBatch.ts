import { codesProblems, isSingleUse, newCodes, termsOf, type RandomBytes } from './couponBatch';
import { centsToText, textToCents, textToPercent, type CampaignForm, type CouponForm } from './draftForm';
import { freshKeys } from './draftFormEdits';
import { utcToZoned, zonedToUtc } from './zonedTime';

/**
 * The campaign editor's "Single-use codes" sub-form: what it asks, its checks, and the
 * coupons it adds to the form (lib/campaigns/draftForm.ts), one per code, in one batch
 * (lib/campaigns/couponBatch.ts); and a batch's removal.
 */

export interface CodeBatchForm {
  count: string;
  /** "": codes of random characters only. */
  prefix: string;
  percentOff: string;
  /** Major units, in currencyCode. */
  amountOff: string;
  currencyCode: string;
  /** datetime-local text on the form's zone's clock; "": no end. */
  validUntil: string;
}

export type CodeBatchField = keyof CodeBatchForm;

export interface CodeBatchProblem {
  field: CodeBatchField;
  message: string;
}

export const emptyCodeBatch = (currencyCode: string): CodeBatchForm => ({
  count: '',
  prefix: '',
  percentOff: '',
  amountOff: '',
  currencyCode,
  validUntil: '',
});

export type AddedCodes =
  | {
      ok: true;
      form: CampaignForm;
      codes: string[];
      /** The batch the codes are in; "" when a lone code is a coupon of its own. */
      batch: string;
      /** How many codes the batch holds now (it may have had some with the same terms). */
      size: number;
      /** The first added coupon's key. */
      key: string;
    }
  | { ok: false; problems: CodeBatchProblem[] };

type Terms = Pick<CouponForm, 'percentOff' | 'amountOff' | 'currencyCode' | 'validUntil'>;

/**
 * What the codes give and until when, written as the form writes a saved coupon's (so that
 * codes with the same terms as saved ones are one batch, as after a reload), or the problems.
 * Checked here more closely than a coupon of its own (formToDraft leaves most to the server):
 * a batch's terms cannot be changed once it is made, only the batch removed and made again.
 */
function termsOfRequest(request: CodeBatchForm, timeZone: string): { terms: Terms; problems: CodeBatchProblem[] } {
  const problems: CodeBatchProblem[] = [];
  const problem = (field: CodeBatchField, message: string) => problems.push({ field, message });
  const percentText = request.percentOff.trim();
  const amountText = request.amountOff.trim();
  if (percentText === '' && amountText === '') problem('percentOff', 'Enter the percentage off, or an amount off instead');
  if (percentText !== '' && amountText !== '') problem('amountOff', 'Enter a percentage or an amount, not both: leave one empty');
  const percent = percentText === '' ? null : textToPercent(percentText);
  if (percentText !== '' && (percent === null || percent <= 0 || percent > 100)) {
    problem('percentOff', 'Enter a percentage above 0 and at most 100, such as 10');
  }
  const cents = amountText === '' ? null : textToCents(amountText);
  if (amountText !== '' && !cents) problem('amountOff', 'Enter an amount above 0, such as 5.00');
  if (amountText !== '' && request.currencyCode === '') problem('currencyCode', 'Choose the amount’s currency');
  const until = request.validUntil.trim() === '' ? null : zonedToUtc(request.validUntil, timeZone);
  if (request.validUntil.trim() !== '' && until === null) problem('validUntil', 'Enter a date and a time, or leave it empty');
  const terms: Terms = {
    percentOff: percent === null ? '' : String(percent),
    amountOff: cents === null ? '' : centsToText(cents),
    currencyCode: cents === null ? '' : request.currencyCode,
    validUntil: until === null ? '' : utcToZoned(until, timeZone),
  };
  return { terms, problems };
}

/**
 * The coupons a draft may hold, as the studio's routes take it (lib/server/campaigns/studioSchemas.ts):
 * said before the codes are made rather than by a refused save.
 */
export const MAX_COUPONS = 1000;

/** The count as typed: a whole number, else NaN for codesProblems to word. */
const countOf = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The form with `request`'s codes added at the end, each a coupon of this campaign, one use
 * in all and one per customer. They are one batch with the form's single-use coupons of the
 * same terms, as a reload would group them; a lone code with none is a coupon of its own.
 */
export function addCodeBatch(form: CampaignForm, request: CodeBatchForm, random: RandomBytes): AddedCodes {
  const count = countOf(request.count);
  const prefix = request.prefix.trim().toUpperCase();
  const { terms, problems } = termsOfRequest(request, form.timeZone);
  const room = MAX_COUPONS - form.coupons.length;
  const full =
    count > room
      ? [
          {
            field: 'count' as const,
            message: `A campaign holds at most ${MAX_COUPONS} coupons: this one has room for ${Math.max(room, 0)} more`,
          },
        ]
      : [];
  const all = [...codesProblems(count, prefix), ...full, ...problems];
  if (all.length) return { ok: false, problems: all };
  const made = newCodes(count, prefix, random, new Set(form.coupons.map((coupon) => coupon.code.trim().toUpperCase())));
  if (!made.ok) return { ok: false, problems: made.problems };
  const keys = freshKeys('c', form.coupons, made.codes.length);
  const added: CouponForm[] = made.codes.map((code, at) => ({
    base: {},
    key: keys[at]!,
    batch: '',
    code,
    ...terms,
    validFrom: '',
    maxRedemptions: '1',
    maxRedemptionsPerCustomer: '1',
  }));
  const coupons = [...form.coupons, ...added];
  const campaignId = form.flow.campaignId;
  const sameTerms = termsOf(added[0]!, campaignId);
  const members = new Set(coupons.filter((coupon) => isSingleUse(coupon) && termsOf(coupon, campaignId) === sameTerms));
  const joined = [...members].find((coupon) => coupon.batch !== '')?.batch;
  const batch = members.size < 2 ? '' : (joined ?? newBatchKey(form));
  return {
    ok: true,
    form: { ...form, coupons: coupons.map((coupon) => (members.has(coupon) ? { ...coupon, batch } : coupon)) },
    codes: made.codes,
    batch,
    size: members.size,
    key: keys[0]!,
  };
}

/** A batch key none of the form's coupons has: "b3" after "b1" and "b2". */
function newBatchKey(form: CampaignForm): string {
  const batches = form.coupons.filter((coupon) => coupon.batch !== '').map((coupon) => ({ key: coupon.batch }));
  return freshKeys('b', batches, 1)[0]!;
}

/** The batch's codes leave the campaign, all of them. */
export function removeBatch(form: CampaignForm, batch: string): CampaignForm {
  return { ...form, coupons: form.coupons.filter((coupon) => coupon.batch !== batch) };
}
