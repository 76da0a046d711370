import { describe, expect, it } from 'vitest';
import type { DraftInput } from './campaignDraft';
import { offerIdsAbove, withOfferIds } from './newOfferIds';
import { draftToForm, formSignature, formToDraft, type CampaignForm } from './draftForm';
import { currencyForLocale } from './draftFormChoices';
import {
  addCoupon,
  addOffer,
  adoptSavedDraft,
  canSellOnPage,
  changeTimeZone,
  layoutOf,
  moveOffer,
  offerWithNewPrice,
  removeOffer,
  updateCoupon,
  updateOffer,
  withBrandLocale,
} from './draftFormEdits';
import { draft, drafted } from '@/tests/fixtures/draftForm';

describe('building the campaign', () => {
  it('adds a blank offer: a plan while the page has room, else a cross-sell beside every plan', () => {
    const blank = draftToForm({
      flow: { brand: 'gq', campaignId: '', urlSlug: '', headline: '', plans: [] },
      offers: [],
      coupons: [],
      isDefault: false,
    });
    const priced = (added: { form: CampaignForm; key: string }) => ({ ...added, form: updateOffer(added.form, added.key, { price: '9' }) });
    const one = priced(addOffer(blank, currencyForLocale('en-GB')));
    expect(one.form.offers[0]).toMatchObject({ id: '', onPage: true, currencyCode: 'GBP', billingInterval: 'year' });
    expect(layoutOf(one.form)).toBe('single');
    const two = priced(addOffer(one.form, 'GBP'));
    const three = priced(addOffer(two.form, 'GBP'));
    expect(three.form.offers.map((offer) => offer.onPage)).toEqual([true, true, false]);
    expect(canSellOnPage(three.form, three.key)).toBe(false);
    expect(updateOffer(three.form, three.key, { onPage: true })).toBe(three.form);
    // New offers are named in plans and parents by their place, their id and uuid left to the server.
    let form = updateOffer(three.form, three.key, { parentOfferId: two.key });
    form = { ...form, flow: { ...form.flow, campaignId: 'gq-new' } };
    const out = drafted(addCoupon(form).form);
    expect(out.flow.plans).toEqual(['new-1', 'new-2']);
    expect(out.offers[2]).toMatchObject({ id: 'new-3', uuid: '', brand: 'gq', isCrossSell: true, parentOfferId: 'new-2' });
    expect(out.coupons[0]).toMatchObject({ code: '', percentOff: 10, scope: { campaigns: ['gq-new'] } });
  });

  it('orders the plans by moving offers, and a removed plan’s cross-sells go beside every plan', () => {
    const form = draftToForm(draft());
    const [print, digital, tote] = form.offers;
    const moved = moveOffer(form, digital!.key, -1);
    expect(drafted(moved).flow.plans).toEqual(['1001', '1002']);
    expect(moveOffer(form, print!.key, -1)).toBe(form);
    const removed = removeOffer(form, print!.key);
    expect(removed.offers.find((offer) => offer.key === tote!.key)!.parentOfferId).toBe('0');
    expect(drafted(removed).flow.plans).toEqual(['1001']);
  });

  it('gives a held offer a new price for new buyers: a new offer takes its place and its cross-sells', () => {
    const form = draftToForm(draft());
    const print = form.offers[0]!;
    const { form: changed, key } = offerWithNewPrice(form, print.key);
    expect(changed.offers.map((offer) => offer.key)).toEqual([key, form.offers[1]!.key, form.offers[2]!.key]);
    expect(changed.offers[0]).toMatchObject({ id: '', name: 'Vogue Print', price: '89.99', onPage: true });
    expect(changed.offers[2]!.parentOfferId).toBe(key);
    const out = drafted(changed);
    expect(out.flow.plans).toEqual(['new-1', '1001']);
    expect(out.offers[0]).toMatchObject({ id: 'new-1', uuid: '', totalAmount: 8999, name: 'Vogue Print' });
    expect(out.offers[2]!.parentOfferId).toBe('new-1');
    expect(out.offers.some((offer) => offer.id === '1002')).toBe(false);
  });

  it('gives a held offer’s copy its words in other languages, those typed and those it came with', () => {
    const given = { 'fr-CA': { description: 'Vogue en version papier' }, 'de-CH': { description: 'Vogue auf Papier' } };
    const saved = draft();
    let form = draftToForm({
      ...saved,
      flow: { ...saved.flow, locale: 'en-CA' },
      offers: saved.offers.map((offer) => (offer.id === '1002' ? { ...offer, translations: given } : offer)),
    });
    const print = form.offers[0]!;
    const typed = { ...print.translations['fr-CA']!, savingBadge: 'Un an pour 89,99 $' };
    form = updateOffer(form, print.key, { translations: { ...print.translations, 'fr-CA': typed } });
    const { form: changed } = offerWithNewPrice(form, print.key);
    expect(changed.offers[0]!.translations['fr-CA']).toEqual(typed);
    expect(drafted(changed).offers[0]).toMatchObject({
      id: 'new-1',
      translations: { 'fr-CA': { description: 'Vogue en version papier', savingBadge: 'Un an pour 89,99 $' }, 'de-CH': given['de-CH'] },
    });
  });

  it('drops a removed plan, or one moved off the page, from the plans a coupon is ticked for; a new price’s offer takes its tick', () => {
    let form = draftToForm(draft());
    const [print, digital] = form.offers;
    const key = form.coupons[0]!.key;
    form = updateCoupon(form, key, { scope: { ...form.coupons[0]!.scope!, plansOnly: true, plans: [print!.key, digital!.key] } });
    const ticked = (edited: CampaignForm) => edited.coupons[0]!.scope!.plans;
    expect(ticked(removeOffer(form, print!.key))).toEqual([digital!.key]);
    const off = updateOffer(form, digital!.key, { onPage: false });
    expect(ticked(off)).toEqual([print!.key]);
    // Back on the page, it is ticked again by hand.
    expect(ticked(updateOffer(off, digital!.key, { onPage: true }))).toEqual([print!.key]);
    // Other changes leave the ticks as they are.
    expect(ticked(updateOffer(form, digital!.key, { name: 'Vogue Digital+' }))).toEqual([print!.key, digital!.key]);
    const renewed = offerWithNewPrice(form, print!.key);
    expect(ticked(renewed.form)).toEqual([renewed.key, digital!.key]);
    expect(drafted(renewed.form).coupons[0]!.scope).toEqual({ campaigns: ['vogue-winter'], offers: ['new-1', '1001'] });
    // Nothing left ticked: the form asks for one rather than send it.
    const none = removeOffer(removeOffer(form, print!.key), digital!.key);
    expect(formToDraft(none)).toMatchObject({ ok: false, problems: [{ field: 'coupons.0.scope.offers' }] });
  });

  it('adds a coupon working on every plan of this campaign only', () => {
    const { form } = addCoupon(draftToForm(draft()));
    expect(form.coupons[1]!.scope).toEqual({ plansOnly: false, plans: [], otherOffers: [], otherCampaigns: '' });
    expect(drafted(form).coupons[1]!.scope).toEqual({ campaigns: ['vogue-winter'] });
  });

  it('shows the same instants on another zone’s clock', () => {
    const form = changeTimeZone(draftToForm(draft(), 'UTC'), 'Europe/Berlin');
    expect(form.flow.startsAt).toBe('2026-12-24T09:00');
    expect(drafted(form)).toEqual(drafted(draftToForm(draft(), 'UTC')));
    expect(formSignature(form)).toBe(formSignature(draftToForm(draft(), 'UTC')));
  });
});

describe('adoptSavedDraft', () => {
  /** As the server answers: new offers with their ids (lib/campaigns/newOfferIds.ts), in the catalogue's order. */
  const saveOf = (sent: CampaignForm): DraftInput => {
    const given = withOfferIds(drafted(sent), offerIdsAbove(['2001']), () => '00000000-0000-4000-8000-000000002002');
    return { ...given, offers: [...given.offers].reverse() };
  };

  const sentWithNewOffer = () => {
    const form = draftToForm(draft());
    const added = addOffer(removeOffer(form, form.offers[1]!.key), 'USD');
    return { sent: updateOffer(added.form, added.key, { name: 'Vogue Weekend', price: '9.99' }), key: added.key };
  };

  it('takes the saved draft, each offer keeping its key and place', () => {
    const { sent, key } = sentWithNewOffer();
    const saved = saveOf(sent);
    const adopted = adoptSavedDraft(sent, sent, saved);
    expect(adopted.offers.map((offer) => offer.key)).toEqual(sent.offers.map((offer) => offer.key));
    expect(adopted.offers.find((offer) => offer.key === key)!.id).toBe('2002');
    expect(formSignature(adopted)).toBe(formSignature(draftToForm(saved)));
  });

  it('keeps a coupon ticked for a new plan ticked for it once the plan has its id', () => {
    const { sent: untyped, key } = sentWithNewOffer();
    const coupon = untyped.coupons[0]!;
    const sent = updateCoupon(untyped, coupon.key, { scope: { ...coupon.scope!, plansOnly: true, plans: [key] } });
    const saved = saveOf(sent);
    expect(saved.coupons[0]!.scope).toEqual({ campaigns: ['vogue-winter'], offers: ['2002'] });
    const adopted = adoptSavedDraft(sent, sent, saved);
    expect(adopted.coupons[0]!.scope).toEqual({ plansOnly: true, plans: [key], otherOffers: [], otherCampaigns: '' });
    expect(formSignature(adopted)).toBe(formSignature(draftToForm(saved)));
  });

  it('keeps the brand’s language the form was told, which the saved draft does not say', () => {
    const { sent } = sentWithNewOffer();
    const told = withBrandLocale(sent, 'en-CA');
    expect(withBrandLocale(told, 'en-CA')).toBe(told);
    expect(withBrandLocale(sent, '')).toBe(sent);
    expect(adoptSavedDraft(told, told, saveOf(told)).brandLocale).toBe('en-CA');
  });

  it('keeps what was typed while the save ran, its new offers given their ids', () => {
    const { sent, key } = sentWithNewOffer();
    const typed = updateOffer(sent, key, { name: 'Vogue Weekends' });
    const adopted = adoptSavedDraft(typed, sent, saveOf(sent));
    const offer = adopted.offers.find((candidate) => candidate.key === key)!;
    expect(offer).toMatchObject({ id: '2002', name: 'Vogue Weekends' });
    expect(offer.base.uuid).toBe('00000000-0000-4000-8000-000000002002');
  });
});
