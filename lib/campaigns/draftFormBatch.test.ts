import { describe, expect, it } from 'vitest';
import { draftToForm, formToDraft } from './draftForm';
import { addCodeBatch, emptyCodeBatch, MAX_COUPONS, removeBatch, type CodeBatchForm } from './draftFormBatch';
import { adoptSavedDraft, updateCoupon } from './draftFormEdits';
import { draft, drafted, seededBytes, singleUse } from '@/tests/fixtures/draftForm';

const request = (overrides: Partial<CodeBatchForm>): CodeBatchForm => ({ ...emptyCodeBatch('USD'), ...overrides });

const added = (result: ReturnType<typeof addCodeBatch>) => {
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

describe('addCodeBatch', () => {
  it('adds each code as a single-use coupon of the campaign, in one batch the draft does not know', () => {
    const form = draftToForm(draft(), 'Europe/Berlin');
    const result = added(
      addCodeBatch(form, request({ count: '3', prefix: 'partner', percentOff: '20', validUntil: '2027-02-01T00:00' }), seededBytes()),
    );
    expect(result.codes).toHaveLength(3);
    expect(result).toMatchObject({ batch: 'b1', size: 3, key: 'c2' });
    expect(result.form.coupons.map((coupon) => [coupon.key, coupon.batch])).toEqual([
      ['c1', ''],
      ['c2', 'b1'],
      ['c3', 'b1'],
      ['c4', 'b1'],
    ]);
    const sent = drafted(result.form).coupons;
    expect(sent).toHaveLength(4);
    expect(sent.slice(1)).toEqual(result.codes.map((code) => singleUse(code)));
    for (const code of result.codes) expect(code).toMatch(/^PARTNER[A-HJKMNP-Z2-9]{10}$/);
  });

  it('groups the saved draft’s codes again, one batch as they were added', () => {
    const form = draftToForm(draft(), 'Europe/Berlin');
    const result = added(addCodeBatch(form, request({ count: '4', amountOff: '5', currencyCode: 'EUR' }), seededBytes()));
    const saved = drafted(result.form);
    const reloaded = draftToForm(saved, 'America/New_York');
    expect(reloaded.coupons.map((coupon) => [coupon.code, coupon.batch])).toEqual([
      ['WINTER10', ''],
      ...result.codes.map((code) => [code, 'b1']),
    ]);
    expect(reloaded.coupons[1]).toMatchObject({ amountOff: '5.00', currencyCode: 'EUR', validUntil: '', maxRedemptions: '1' });
    expect(drafted(reloaded)).toEqual(saved);
    // A save keeps the keys and batches it was sent with.
    const adopted = adoptSavedDraft(result.form, result.form, saved);
    expect(adopted.coupons.map((coupon) => [coupon.key, coupon.batch])).toEqual(
      result.form.coupons.map((coupon) => [coupon.key, coupon.batch]),
    );
  });

  it('adds codes to the batch with the same terms; a lone code with none is a coupon of its own', () => {
    const opened = draftToForm({ ...draft(), coupons: [singleUse('PARTNERAB12CD34EF'), singleUse('PARTNERZZ98YX76WV')] }, 'UTC');
    expect(opened.coupons.map((coupon) => coupon.batch)).toEqual(['b1', 'b1']);
    // The same terms typed as a person does: "20,0" and the date on the clock of the zone.
    const more = added(addCodeBatch(opened, request({ count: '2', percentOff: '20,0', validUntil: '2027-01-31T23:00' }), seededBytes()));
    expect(more).toMatchObject({ batch: 'b1', size: 4 });
    expect(new Set(more.form.coupons.map((coupon) => coupon.batch))).toEqual(new Set(['b1']));
    const lone = added(addCodeBatch(more.form, request({ count: '1', percentOff: '15' }), seededBytes(2)));
    expect(lone).toMatchObject({ batch: '', size: 1 });
    const other = added(addCodeBatch(lone.form, request({ count: '2', percentOff: '15' }), seededBytes(3)));
    // The lone code and the two new ones: three of the same terms, a batch of their own.
    expect(other).toMatchObject({ batch: 'b2', size: 3 });
    expect(removeBatch(other.form, 'b2').coupons.map((coupon) => coupon.batch)).toEqual(['b1', 'b1', 'b1', 'b1']);
  });

  it('says what to change before it makes any code: the terms cannot be changed afterwards', () => {
    const form = draftToForm(draft());
    const refused = (overrides: Partial<CodeBatchForm>) => {
      const result = addCodeBatch(form, request(overrides), seededBytes());
      return result.ok ? [] : result.problems;
    };
    expect(refused({})).toEqual([
      { field: 'count', message: 'Enter how many codes to make: a whole number from 1 to 500' },
      { field: 'percentOff', message: 'Enter the percentage off, or an amount off instead' },
    ]);
    expect(refused({ count: '3', prefix: 'TOO-LONG-1', percentOff: '150', amountOff: '0', currencyCode: '', validUntil: 'soon' })).toEqual([
      { field: 'prefix', message: 'Use at most 8 letters or digits: this has 10' },
      { field: 'amountOff', message: 'Enter a percentage or an amount, not both: leave one empty' },
      { field: 'percentOff', message: 'Enter a percentage above 0 and at most 100, such as 10' },
      { field: 'amountOff', message: 'Enter an amount above 0, such as 5.00' },
      { field: 'currencyCode', message: 'Choose the amount’s currency' },
      { field: 'validUntil', message: 'Enter a date and a time, or leave it empty' },
    ]);
  });

  it('makes no more codes than a draft may hold coupons', () => {
    const form = draftToForm(draft());
    const full = { ...form, coupons: Array.from({ length: MAX_COUPONS - 2 }, (_, at) => ({ ...form.coupons[0]!, key: `c${at + 1}` })) };
    expect(addCodeBatch(full, request({ count: '3', percentOff: '10' }), seededBytes())).toEqual({
      ok: false,
      problems: [{ field: 'count', message: 'A campaign holds at most 1000 coupons: this one has room for 2 more' }],
    });
    expect(addCodeBatch(full, request({ count: '2', percentOff: '10' }), seededBytes()).ok).toBe(true);
  });

  it('leaves the other coupons as they are, a batch of them only named in the draft by its codes', () => {
    const form = draftToForm(draft());
    const result = added(addCodeBatch(form, request({ count: '2', percentOff: '10' }), seededBytes()));
    const edited = updateCoupon(result.form, 'c1', { percentOff: '12' });
    expect(edited.coupons[0]).toMatchObject({ batch: '', percentOff: '12' });
    expect(formToDraft(edited).ok).toBe(true);
  });
});
