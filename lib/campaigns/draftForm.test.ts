import { describe, expect, it } from 'vitest';
import { parseCatalogueFile } from '@/lib/catalogue/catalogueFile';
import demoCatalogue from '@/data/demo-catalogue.json';
import type { DraftInput } from './campaignDraft';
import { campaignContentOf, canonicalJson } from './campaignContent';
import {
  campaignIdsIn,
  campaignLocaleOf,
  centsToText,
  couponScope,
  draftToForm,
  formSignature,
  formToDraft,
  NO_TRANSLATION,
  textToCents,
  translationLocales,
  type CampaignForm,
  type CouponScopeForm,
  type OfferTranslationForm,
} from './draftForm';
import { addOffer, layoutOf, updateCoupon, updateOffer } from './draftFormEdits';
import { draft, drafted, singleUse } from '@/tests/fixtures/draftForm';

describe('money', () => {
  it('reads major units with a point or a comma, without floating point', () => {
    expect(textToCents('12.99')).toBe(1299);
    expect(textToCents('12,99')).toBe(1299);
    expect(textToCents(' 12 ')).toBe(1200);
    expect(textToCents('12.5')).toBe(1250);
    expect(textToCents('0.29')).toBe(29);
    expect(textToCents('1 299,00')).toBe(129900);
    for (const text of ['', '12.999', '-1', '12 €', '$12', 'twelve', '1,234.56']) expect(textToCents(text)).toBeNull();
  });

  it('writes cents back as major units', () => {
    expect(centsToText(1299)).toBe('12.99');
    expect(centsToText(5000)).toBe('50.00');
    expect(centsToText(5)).toBe('0.05');
    expect(centsToText(null)).toBe('');
    expect(centsToText(12.5)).toBe('');
  });
});

describe('draftToForm', () => {
  it('shows the page’s plans in their order, prices in major units, features one per line, dates on the zone’s clock', () => {
    const form = draftToForm(draft(), 'Europe/Berlin');
    expect(form.offers.map((offer) => [offer.name, offer.onPage])).toEqual([
      ['Vogue Print', true],
      ['Vogue Digital', true],
      ['Vogue Tote', false],
    ]);
    const [print, digital, tote] = form.offers;
    expect(digital).toMatchObject({ price: '50.00', firstPrice: '25.00', trialDays: '', features: 'Unlimited access\nThe app' });
    expect(digital).toMatchObject({ imageSrc: '/offer-images/vogue-digital.svg', imageWidth: '320', imageHeight: '180' });
    expect(print).toMatchObject({ price: '89.99', firstPrice: '', trialDays: '14', isPrintOffer: true });
    // The cross-sell names its plan by the plan's key in the form.
    expect(tote!.parentOfferId).toBe(print!.key);
    expect(form.flow).toMatchObject({ startsAt: '2026-12-24T09:00', endsAt: '', locale: '' });
    expect(form.coupons[0]).toMatchObject({
      code: 'WINTER10',
      percentOff: '10',
      validUntil: '2027-01-01T01:00',
      maxRedemptionsPerCustomer: '1',
    });
    expect(layoutOf(form)).toBe('dual');
  });

  it('gives back the draft it was made from, whatever zone it is shown in', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/Los_Angeles']) {
      const back = drafted(draftToForm(draft(), zone));
      expect(back.flow).toEqual(draft().flow);
      expect(back.coupons).toEqual(draft().coupons);
      expect(back.isDefault).toBe(false);
      // The same offers, in the page's order.
      expect(back.offers).toEqual([draft().offers[1], draft().offers[0], draft().offers[2]]);
    }
  });

  it('shows a saved batch of single-use codes as one, and gives back each code as a coupon of its own, in its place', () => {
    const codes = ['PARTNERAB12CD34EF', 'PARTNERZZ98YX76WV', 'PARTNERKM23NP45QR'];
    const saved: DraftInput = {
      ...draft(),
      coupons: [singleUse(codes[0]!), ...draft().coupons, singleUse(codes[1]!), singleUse('SOLO2345'), singleUse(codes[2]!)].map(
        (coupon) => (coupon.code === 'SOLO2345' ? { ...coupon, percentOff: 50 } : coupon),
      ),
    };
    const form = draftToForm(saved, 'Europe/Berlin');
    expect(form.coupons.map((coupon) => [coupon.code, coupon.batch])).toEqual([
      [codes[0], 'b1'],
      ['WINTER10', ''],
      [codes[1], 'b1'],
      ['SOLO2345', ''],
      [codes[2], 'b1'],
    ]);
    expect(drafted(form).coupons).toEqual(saved.coupons);
  });

  it('takes every demo campaign the catalogue holds and gives it back unchanged', () => {
    const parsed = parseCatalogueFile(demoCatalogue);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    for (const flow of parsed.file.checkoutFlows) {
      const content = campaignContentOf(parsed.file, flow.campaignId)!;
      const back = drafted(draftToForm(content as unknown as DraftInput, 'Europe/Paris'));
      expect(back.flow).toEqual(content.flow);
      expect(back.coupons).toEqual(content.coupons);
      expect(new Set(back.offers.map((offer) => JSON.stringify(offer)))).toEqual(
        new Set(content.offers.map((offer) => JSON.stringify(offer))),
      );
    }
  });
});

describe('formToDraft', () => {
  it('writes what was typed as the catalogue does: cents, arrays, instants, null for what is empty', () => {
    let form = draftToForm(draft(), 'America/New_York');
    const digital = form.offers[1]!.key;
    form = updateOffer(form, digital, {
      price: '12,99',
      firstPrice: '',
      trialDays: '7',
      features: '  One\n\nTwo  \n',
      savingBadge: '  ',
      imageSrc: '',
      imageAlt: '',
      imageWidth: '',
      imageHeight: '',
    });
    form = { ...form, flow: { ...form.flow, endsAt: '2027-03-01T00:00', locale: 'en-GB' } };
    const out = drafted(form);
    expect(out.offers[1]).toMatchObject({
      totalAmount: 1299,
      discountedAmount: null,
      trialOffer: true,
      trialDays: 7,
      features: ['One', 'Two'],
      savingBadge: null,
      image: null,
    });
    expect(out.flow).toMatchObject({ endsAt: '2027-03-01T05:00:00.000Z', locale: 'en-GB', enablePreAuth: true });
  });

  it('says what to type where the server could only say "expected number"', () => {
    let form = draftToForm(draft());
    const [print, digital] = form.offers;
    form = updateOffer(form, print!.key, { price: '', trialDays: 'two weeks' });
    form = updateOffer(form, digital!.key, { firstPrice: '12.999', imageWidth: '' });
    form = updateCoupon(form, form.coupons[0]!.key, { percentOff: 'ten', validFrom: '2026-02-30T09:00', maxRedemptions: '1.5' });
    const result = formToDraft(form);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      { field: 'offers.0.trialDays', message: 'Enter a whole number of days, such as 14, or leave it empty' },
      { field: 'offers.0.totalAmount', message: 'Enter the price, such as 12.99' },
      { field: 'offers.1.discountedAmount', message: 'Enter a price such as 12.99' },
      { field: 'offers.1.image.width', message: 'Enter the width in pixels, such as 640' },
      { field: 'coupons.0.validFrom', message: 'Enter a date and a time, or leave it empty' },
      { field: 'coupons.0.maxRedemptions', message: 'Enter a whole number, such as 100, or leave it empty' },
      { field: 'coupons.0.percentOff', message: 'Enter a percentage such as 10' },
    ]);
  });

  it('leaves the rest to the server: an empty headline is sent as it is', () => {
    const form = draftToForm(draft());
    expect(drafted({ ...form, flow: { ...form.flow, headline: '' } }).flow.headline).toBe('');
  });

  it('sends a coupon’s amount with its currency, and no currency without an amount', () => {
    let form = draftToForm(draft());
    const key = form.coupons[0]!.key;
    form = updateCoupon(form, key, { percentOff: '', amountOff: '5', currencyCode: 'EUR' });
    expect(drafted(form).coupons[0]).toMatchObject({ amountOff: 500, currencyCode: 'EUR' });
    expect(drafted(form).coupons[0]).not.toHaveProperty('percentOff');
    form = updateCoupon(form, key, { percentOff: '12.5', amountOff: '' });
    expect(drafted(form).coupons[0]).toMatchObject({ percentOff: 12.5 });
    expect(drafted(form).coupons[0]).not.toHaveProperty('currencyCode');
  });
});

describe('a coupon’s scope', () => {
  /** The fixture with its coupon's scope as given. */
  const scoped = (scope: Record<string, unknown>): DraftInput => ({ ...draft(), coupons: [{ ...draft().coupons[0]!, scope }] });

  it('opens as the plans it is ticked for and the other campaigns it works on, and gives back the scope it came as', () => {
    const scope = { brands: ['vogue'], campaigns: ['gq-winter', 'vogue-winter'], offers: ['3001', '1002'] };
    const form = draftToForm(scoped(scope));
    const print = form.offers.find((offer) => offer.id === '1002')!;
    expect(form.coupons[0]!.scope).toEqual({ plansOnly: true, plans: [print.key], otherOffers: ['3001'], otherCampaigns: 'gq-winter' });
    expect(couponScope(form, form.coupons[0]!)).toBe(form.coupons[0]!.scope);
    // Untouched, the lists are sent as they came, in their order.
    expect(drafted(form).coupons[0]!.scope).toEqual(scope);
    expect(draftToForm(draft()).coupons[0]!.scope).toEqual({ plansOnly: false, plans: [], otherOffers: [], otherCampaigns: '' });
  });

  it('sends this campaign first and the others typed, each once; the plans ticked or none for every plan; its brands as they were', () => {
    let form = draftToForm(scoped({ brands: ['vogue'], campaigns: ['vogue-winter'] }));
    const [print, digital] = form.offers;
    const key = form.coupons[0]!.key;
    const withScope = (change: Partial<CouponScopeForm>) => updateCoupon(form, key, { scope: { ...form.coupons[0]!.scope!, ...change } });
    form = withScope({ otherCampaigns: ' gq-spring,vogue-winter , gq-spring,, wired_2027 ' });
    expect(drafted(form).coupons[0]!.scope).toEqual({ brands: ['vogue'], campaigns: ['vogue-winter', 'gq-spring', 'wired_2027'] });
    form = withScope({ plansOnly: true, plans: [digital!.key, print!.key] });
    // In the page's order, whatever order they were ticked in.
    expect(drafted(form).coupons[0]!.scope).toMatchObject({ offers: ['1002', '1001'] });
    // Ticked plans stay ticked in the form while every plan is chosen, but are not sent.
    form = withScope({ plansOnly: false });
    expect(drafted(form).coupons[0]!.scope).not.toHaveProperty('offers');
  });

  it('names a new plan by its placeholder, and a plan no longer on the page not at all', () => {
    const added = addOffer(draftToForm(draft()), 'USD');
    let form = updateOffer(added.form, added.key, { name: 'Vogue Weekend', price: '9' });
    const [print, digital] = form.offers;
    const key = form.coupons[0]!.key;
    form = updateCoupon(form, key, { scope: { ...form.coupons[0]!.scope!, plansOnly: true, plans: [added.key, print!.key] } });
    // The new offer is the form's fourth: a cross-sell, the page having room for two plans.
    expect(form.offers[3]!.onPage).toBe(false);
    expect(drafted(form).coupons[0]!.scope).toEqual({ campaigns: ['vogue-winter'], offers: ['1002'] });
    form = updateOffer(updateOffer(form, digital!.key, { onPage: false }), added.key, { onPage: true });
    form = updateCoupon(form, key, { scope: { ...form.coupons[0]!.scope!, plans: [added.key, print!.key] } });
    expect(drafted(form).coupons[0]!.scope).toEqual({ campaigns: ['vogue-winter'], offers: ['1002', 'new-4'] });
  });

  it('keeps the other campaigns’ plans it names: beside every plan of this one when it takes them all', () => {
    const form = draftToForm(scoped({ campaigns: ['vogue-winter', 'gq-winter'], offers: ['1001', '3001'] }));
    const scope = form.coupons[0]!.scope!;
    expect(scope).toMatchObject({ plansOnly: true, otherOffers: ['3001'] });
    const every = updateCoupon(form, form.coupons[0]!.key, { scope: { ...scope, plansOnly: false } });
    expect(drafted(every).coupons[0]!.scope).toEqual({ campaigns: ['vogue-winter', 'gq-winter'], offers: ['1002', '1001', '3001'] });
  });

  it('asks for a plan ticked, and for campaign ids, rather than send the draft', () => {
    let form = draftToForm(draft());
    const key = form.coupons[0]!.key;
    form = updateCoupon(form, key, { scope: { plansOnly: true, plans: [], otherOffers: [], otherCampaigns: 'gq-spring, GQ spring!' } });
    const result = formToDraft(form);
    expect(!result.ok && result.problems).toEqual([
      { field: 'coupons.0.scope.campaigns', message: 'Enter campaign ids such as vogue-spring, separated by commas' },
      { field: 'coupons.0.scope.offers', message: 'Tick at least one plan, or choose every plan' },
    ]);
    expect(campaignIdsIn(' a, b ,,a ')).toEqual(['a', 'b']);
    expect(campaignIdsIn('')).toEqual([]);
  });

  it('sends a batch of codes with the scope it came with: no control of the form changes it', () => {
    const codes = [singleUse('PARTNERAB12CD34EF', { scope: { campaigns: ['vogue-winter'], offers: ['1001'] } })];
    codes.push({ ...codes[0]!, code: 'PARTNERZZ98YX76WV' });
    let form = draftToForm({ ...draft(), coupons: [...draft().coupons, ...codes] });
    expect(form.coupons.map((coupon) => [coupon.batch, coupon.scope !== undefined])).toEqual([
      ['', true],
      ['b1', false],
      ['b1', false],
    ]);
    form = updateOffer(form, form.offers[1]!.key, { onPage: false });
    expect(drafted(form).coupons.slice(1)).toEqual(codes);
  });
});

describe('an offer’s words in other languages', () => {
  const french = { description: 'Vogue sur tous vos écrans', features: ['Accès illimité', 'L’appli'], savingBadge: 'Moitié prix' };
  /** The fixture in `locale`, its digital plan translated as given. */
  const translated = (locale: string | null, translations: Record<string, unknown> | undefined): DraftInput => {
    const saved = draft();
    return {
      ...saved,
      flow: { ...saved.flow, locale },
      offers: saved.offers.map((offer) => (offer.id === '1001' && translations ? { ...offer, translations } : offer)),
    };
  };
  const digitalOf = (form: CampaignForm) => form.offers.find((offer) => offer.id === '1001')!;
  const typeIn = (form: CampaignForm, locale: string, words: Partial<OfferTranslationForm>) => {
    const digital = digitalOf(form);
    const was = digital.translations[locale] ?? NO_TRANSLATION;
    return updateOffer(form, digital.key, { translations: { ...digital.translations, [locale]: { ...was, ...words } } });
  };
  const sentOf = (form: CampaignForm) => drafted(form).offers.find((offer) => offer.id === '1001')!;

  it('opens them as typed text, and gives back an untouched offer exactly as it came, with no key when it had none', () => {
    const given = { 'fr-CA': { ...french, savingBadge: null }, 'de-CH': { imageAlt: 'Vogue auf dem Tablet' } };
    const form = draftToForm(translated('en-CA', given));
    expect(digitalOf(form).translations).toEqual({
      'fr-CA': { description: 'Vogue sur tous vos écrans', features: 'Accès illimité\nL’appli', savingBadge: '', imageAlt: '' },
      'de-CH': { description: '', features: '', savingBadge: '', imageAlt: 'Vogue auf dem Tablet' },
    });
    // The versions compare canonical JSON: an untouched offer's reads the same, its translations as they were.
    const came = translated('en-CA', given);
    for (const offer of came.offers)
      expect(canonicalJson(drafted(form).offers.find((sent) => sent.id === offer.id))).toBe(canonicalJson(offer));
    expect(sentOf(form).translations).toEqual(given);
    const none = drafted(draftToForm(translated('en-CA', undefined)));
    expect(none.offers.every((offer) => !('translations' in offer))).toBe(true);
  });

  it('sends the words typed in a language the campaign offers: only those given, features by line, no badge rather than null', () => {
    let form = draftToForm(translated('en-CA', undefined));
    form = typeIn(form, 'fr-CA', {
      description: ' Vogue sur tous vos écrans ',
      features: '  Accès illimité\n\n L’appli \n',
      savingBadge: '  ',
    });
    expect(sentOf(form).translations).toEqual({
      'fr-CA': { description: 'Vogue sur tous vos écrans', features: ['Accès illimité', 'L’appli'] },
    });
    // A language whose words are all erased is left out, and with it the key.
    form = typeIn(form, 'fr-CA', { description: '', features: '\n' });
    expect(sentOf(form)).not.toHaveProperty('translations');
    expect(drafted(form)).toEqual(drafted(draftToForm(translated('en-CA', undefined))));
  });

  it('keeps the languages the form does not edit as they came: another campaign’s, and one this campaign no longer offers', () => {
    const given = { 'fr-CA': french, 'de-CH': { description: 'Vogue auf allen Bildschirmen' } };
    let form = draftToForm(translated('en-CA', given));
    form = typeIn(form, 'fr-CA', { savingBadge: '' });
    form = typeIn(form, 'de-CH', { description: 'Anders' });
    expect(sentOf(form).translations).toEqual({
      'fr-CA': { description: french.description, features: french.features },
      'de-CH': given['de-CH'],
    });
    // In English for the United States, the campaign offers no French: what was typed stays in the form, unsent.
    const american = { ...form, flow: { ...form.flow, locale: 'en-US' } };
    expect(sentOf(american).translations).toEqual(given);
    expect(digitalOf(american).translations['fr-CA']!.savingBadge).toBe('');
  });

  it('offers the brand’s languages while the campaign speaks its brand’s, once the form is told which that is', () => {
    const typed = typeIn(draftToForm(translated(null, undefined)), 'fr-CA', { description: 'Vogue sur tous vos écrans' });
    expect(campaignLocaleOf(typed)).toBe('');
    expect(sentOf(typed)).not.toHaveProperty('translations');
    const told = { ...typed, brandLocale: 'en-CA' };
    expect(campaignLocaleOf(told)).toBe('en-CA');
    expect(sentOf(told).translations).toEqual({ 'fr-CA': { description: 'Vogue sur tous vos écrans' } });
    expect(campaignLocaleOf({ ...told, flow: { ...told.flow, locale: 'en-GB' } })).toBe('en-GB');
    expect(translationLocales('en-CA')).toEqual(['fr-CA']);
    expect(translationLocales('en-US')).toEqual([]);
    // What the page tells the form is no change of it.
    const untold = draftToForm(translated(null, undefined));
    expect(formSignature({ ...untold, brandLocale: 'en-CA' })).toBe(formSignature(untold));
  });
});
