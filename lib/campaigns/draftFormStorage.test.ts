import { describe, expect, it } from 'vitest';
import { draftToForm } from './draftForm';
import { draft } from '@/tests/fixtures/draftForm';
import { parseStoredForm, storedForm } from './draftFormStorage';

describe('parseStoredForm', () => {
  it('gives back a stored form, and nothing for another shape', () => {
    const form = draftToForm(draft(), 'Europe/London');
    expect(parseStoredForm(storedForm(form))).toEqual(form);
    expect(parseStoredForm(null)).toBeNull();
    expect(parseStoredForm('{')).toBeNull();
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, timeZone: 'Mars/Olympus' } }))).toBeNull();
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, offers: [{ name: 'x' }] } }))).toBeNull();
    expect(parseStoredForm(JSON.stringify({ shape: 0, form }))).toBeNull();
  });

  it('reads a form kept before batches of codes: each coupon on its own', () => {
    const form = draftToForm(draft(), 'Europe/London');
    const coupons = form.coupons.map(({ batch: _batch, ...coupon }) => coupon);
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, coupons } }))).toEqual(form);
  });
});
