import { describe, expect, it } from 'vitest';
import { draftToForm, type CampaignForm } from './draftForm';
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

  it('reads a form kept before a coupon’s scope was edited: each coupon of its own with the scope its draft says', () => {
    const saved = {
      ...draft(),
      coupons: [{ ...draft().coupons[0]!, scope: { campaigns: ['vogue-winter', 'gq-winter'], offers: ['1002'] } }],
    };
    const form = draftToForm(saved, 'Europe/London');
    expect(form.coupons[0]!.scope).toMatchObject({ plansOnly: true, otherCampaigns: 'gq-winter' });
    const coupons = form.coupons.map(({ scope: _scope, ...coupon }) => coupon);
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, coupons } }))).toEqual(form);
    const damaged = form.coupons.map((coupon) => ({ ...coupon, scope: { ...coupon.scope, plans: 'o2' } }));
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, coupons: damaged } }))).toBeNull();
  });

  it('reads a form kept before batches of codes: each coupon on its own', () => {
    const form = draftToForm(draft(), 'Europe/London');
    const coupons = form.coupons.map(({ batch: _batch, ...coupon }) => coupon);
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, coupons } }))).toEqual(form);
  });

  it('gives back an offer’s words typed in other languages, and reads a form kept before them with those its draft has', () => {
    const saved = draft();
    const translations = { 'fr-CA': { description: 'Vogue sur tous vos écrans', features: ['Accès illimité'] } };
    const form: CampaignForm = {
      ...draftToForm({ ...saved, offers: saved.offers.map((offer) => (offer.id === '1001' ? { ...offer, translations } : offer)) }),
      brandLocale: 'en-CA',
    };
    const digital = form.offers.find((offer) => offer.id === '1001')!;
    expect(digital.translations['fr-CA']).toMatchObject({ description: 'Vogue sur tous vos écrans', features: 'Accès illimité' });
    const typed = {
      ...form,
      offers: form.offers.map((offer) =>
        offer === digital
          ? { ...offer, translations: { 'fr-CA': { ...offer.translations['fr-CA']!, savingBadge: 'Moitié prix' } } }
          : offer,
      ),
    };
    expect(parseStoredForm(storedForm(typed))).toEqual(typed);
    const older = { ...form, offers: form.offers.map(({ translations: _translations, ...offer }) => offer) };
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: older }))).toEqual(form);
    const damaged = form.offers.map((offer) => ({ ...offer, translations: { 'fr-CA': { description: 1 } } }));
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, offers: damaged } }))).toBeNull();
    // The brand's language is the page's to tell again: a damaged one is dropped, not the form.
    expect(parseStoredForm(JSON.stringify({ shape: 1, form: { ...form, brandLocale: 7 } }))).not.toHaveProperty('brandLocale');
  });
});
