import { ALL_OFFERS_PARENT_ID } from '@/lib/catalogue/crossSell';
import { MAX_PLANS } from '@/lib/pricing/template';
import type { DraftInput } from './campaignDraft';
import { couponScope, draftToForm, formSignature, type CampaignForm, type CouponForm, type OfferForm } from './draftForm';
import { utcToZoned, zonedToUtc } from './zonedTime';

/**
 * The edits a person makes to the campaign editor's form (lib/campaigns/draftForm.ts): adding,
 * changing, moving and removing offers and coupons, another zone's clock, and the form a save
 * answered with. Each gives a new form and leaves the one it was given as it was.
 */

/** `count` keys no entry of `taken` has: "o3", "o4" after "o1" and "o2". */
export function freshKeys(prefix: string, taken: readonly { key: string }[], count: number): string[] {
  const numbers = taken.map((entry) => Number(entry.key.slice(prefix.length))).filter(Number.isFinite);
  const next = Math.max(0, ...numbers) + 1;
  return Array.from({ length: count }, (_, at) => `${prefix}${next + at}`);
}

const freshKey = (prefix: string, taken: readonly { key: string }[]) => freshKeys(prefix, taken, 1)[0]!;

export const planCount = (form: CampaignForm) => form.offers.filter((offer) => offer.onPage).length;

/** The page's layout by its plans: one is the single-offer page, two the dual; else none yet. */
export function layoutOf(form: CampaignForm): 'single' | 'dual' | null {
  const plans = planCount(form);
  return plans === 1 ? 'single' : plans === 2 ? 'dual' : null;
}

/** Whether the offer may be one of the page's plans: it is one, or the page has room (MAX_PLANS). */
export const canSellOnPage = (form: CampaignForm, key: string) =>
  form.offers.some((offer) => offer.key === key && offer.onPage) || planCount(form) < MAX_PLANS;

/** A new offer at the end: a plan while the page has room, else a cross-sell beside every plan. */
export function addOffer(form: CampaignForm, currencyCode: string): { form: CampaignForm; key: string } {
  const key = freshKey('o', form.offers);
  const offer: OfferForm = {
    base: {},
    key,
    id: '',
    name: '',
    description: '',
    price: '',
    firstPrice: '',
    currencyCode: form.offers[0]?.currencyCode || currencyCode,
    billingInterval: 'year',
    trialDays: '',
    isPrintOffer: false,
    features: '',
    savingBadge: '',
    imageSrc: '',
    imageAlt: '',
    imageWidth: '',
    imageHeight: '',
    onPage: planCount(form) < MAX_PLANS,
    parentOfferId: ALL_OFFERS_PARENT_ID,
    translations: {},
  };
  return { form: { ...form, offers: [...form.offers, offer] }, key };
}

/** A new coupon at the end: 10 % off, on this campaign only. */
export function addCoupon(form: CampaignForm): { form: CampaignForm; key: string } {
  const key = freshKey('c', form.coupons);
  const coupon: CouponForm = {
    base: {},
    key,
    batch: '',
    code: '',
    percentOff: '10',
    amountOff: '',
    currencyCode: '',
    validFrom: '',
    validUntil: '',
    maxRedemptions: '',
    maxRedemptionsPerCustomer: '',
    scope: { plansOnly: false, plans: [], otherOffers: [], otherCampaigns: '' },
  };
  return { form: { ...form, coupons: [...form.coupons, coupon] }, key };
}

/** The coupons with the plan `from` ticked ticking `to` instead, or no longer ticking it (null). */
function retickPlan(coupons: CouponForm[], from: string, to: string | null): CouponForm[] {
  return coupons.map((coupon) => {
    if (!coupon.scope?.plans.includes(from)) return coupon;
    const plans = coupon.scope.plans.flatMap((key) => (key !== from ? [key] : to === null ? [] : [to]));
    return { ...coupon, scope: { ...coupon.scope, plans } };
  });
}

/** An offer moved off the page is no plan a coupon may be ticked for: moved back, it is ticked again by hand. */
export function updateOffer(form: CampaignForm, key: string, change: Partial<Omit<OfferForm, 'key' | 'base' | 'id'>>): CampaignForm {
  if (change.onPage === true && !canSellOnPage(form, key)) return form;
  const offers = form.offers.map((offer) => (offer.key === key ? { ...offer, ...change } : offer));
  return { ...form, offers, coupons: change.onPage === false ? retickPlan(form.coupons, key, null) : form.coupons };
}

export function updateCoupon(form: CampaignForm, key: string, change: Partial<Omit<CouponForm, 'key' | 'base'>>): CampaignForm {
  return { ...form, coupons: form.coupons.map((coupon) => (coupon.key === key ? { ...coupon, ...change } : coupon)) };
}

/** One place up (-1) or down (1); the on-page offers' order is the page's. */
export function moveOffer(form: CampaignForm, key: string, step: -1 | 1): CampaignForm {
  const from = form.offers.findIndex((offer) => offer.key === key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= form.offers.length) return form;
  const offers = [...form.offers];
  [offers[from], offers[to]] = [offers[to]!, offers[from]!];
  return { ...form, offers };
}

/**
 * The offer leaves the campaign (the catalogue keeps one it published, for its subscribers);
 * the cross-sells it had are offered beside every plan rather than beside nothing, and the
 * coupons ticked for it no longer are.
 */
export function removeOffer(form: CampaignForm, key: string): CampaignForm {
  return {
    ...form,
    offers: form.offers
      .filter((offer) => offer.key !== key)
      .map((offer) => (!offer.onPage && offer.parentOfferId === key ? { ...offer, parentOfferId: ALL_OFFERS_PARENT_ID } : offer)),
    coupons: retickPlan(form.coupons, key, null),
  };
}

export function removeCoupon(form: CampaignForm, key: string): CampaignForm {
  return { ...form, coupons: form.coupons.filter((coupon) => coupon.key !== key) };
}

/**
 * A new price for new buyers of an offer subscribers hold: a new offer, the same words (in
 * every language, as typed) and prices to change, takes its place (its plan place, its
 * cross-sells and the coupons ticked for it). The held offer leaves the draft: the catalogue
 * keeps it for the subscribers' renewals.
 */
export function offerWithNewPrice(form: CampaignForm, key: string): { form: CampaignForm; key: string } {
  const held = form.offers.find((offer) => offer.key === key);
  if (!held) return { form, key };
  const copyKey = freshKey('o', form.offers);
  const copy: OfferForm = { ...held, key: copyKey, id: '', base: { ...held.base, id: '', uuid: '' } };
  const offers = form.offers.map((offer) => {
    if (offer.key === key) return copy;
    return !offer.onPage && offer.parentOfferId === key ? { ...offer, parentOfferId: copyKey } : offer;
  });
  return { form: { ...form, offers, coupons: retickPlan(form.coupons, key, copyKey) }, key: copyKey };
}

/** The same instants on another zone's clock: choosing a zone changes how dates read, never when they are. */
export function changeTimeZone(form: CampaignForm, timeZone: string): CampaignForm {
  const move = (text: string) => {
    const iso = text === '' ? null : zonedToUtc(text, form.timeZone);
    return iso === null ? text : utcToZoned(iso, timeZone);
  };
  return {
    ...form,
    timeZone,
    flow: { ...form.flow, startsAt: move(form.flow.startsAt), endsAt: move(form.flow.endsAt) },
    coupons: form.coupons.map((coupon) => ({ ...coupon, validFrom: move(coupon.validFrom), validUntil: move(coupon.validUntil) })),
  };
}

/** The form told its brand's language (CampaignForm.brandLocale); the same form when it knew it. */
export function withBrandLocale(form: CampaignForm, brandLocale: string): CampaignForm {
  return (form.brandLocale ?? '') === brandLocale ? form : { ...form, brandLocale };
}

/**
 * The form after a save answered with `saved` (the draft as the catalogue holds it: new
 * offers with their ids). Unchanged since it was sent: the saved draft, each entry keeping
 * its key and place. Changed meanwhile: what was typed stays, its new offers given their ids.
 */
export function adoptSavedDraft(current: CampaignForm, sent: CampaignForm, saved: DraftInput): CampaignForm {
  // The draft does not say the brand's language: the form keeps what it was told.
  const savedForm = withBrandLocale(draftToForm(saved, current.timeZone), current.brandLocale ?? '');
  const sentIds = new Set(sent.offers.map((offer) => offer.id).filter((id) => id !== ''));
  const newSent = sent.offers.filter((offer) => offer.id === '');
  const newSaved = savedForm.offers.filter((offer) => !sentIds.has(offer.id));
  const keyOf = new Map<string, string>();
  savedForm.offers.forEach((offer) => {
    const same = sent.offers.find((candidate) => candidate.id !== '' && candidate.id === offer.id);
    const fresh = newSent[newSaved.indexOf(offer)];
    const key = same?.key ?? fresh?.key;
    if (key) keyOf.set(offer.key, key);
  });
  if (formSignature(current) !== formSignature(sent)) {
    const idOf = new Map(savedForm.offers.map((offer) => [keyOf.get(offer.key), offer]));
    return {
      ...current,
      offers: current.offers.map((offer) => {
        const given = offer.id === '' ? idOf.get(offer.key) : undefined;
        return given ? { ...offer, id: given.id, base: { ...offer.base, id: given.id, uuid: given.base.uuid } } : offer;
      }),
    };
  }
  return withSentKeys(savedForm, sent, keyOf);
}

/** The saved form with the sent form's keys and order, so that nothing moves or loses focus on a save. */
function withSentKeys(savedForm: CampaignForm, sent: CampaignForm, keyOf: Map<string, string>): CampaignForm {
  const rekeyed = savedForm.offers.map((offer) => ({ ...offer, key: keyOf.get(offer.key) ?? `${offer.key}-saved` }));
  const rename = new Map(savedForm.offers.map((offer, index) => [offer.key, rekeyed[index]!.key]));
  const place = (offer: OfferForm) => {
    const at = sent.offers.findIndex((candidate) => candidate.key === offer.key);
    return at < 0 ? sent.offers.length : at;
  };
  const offers = rekeyed
    .map((offer) => (offer.onPage ? offer : { ...offer, parentOfferId: rename.get(offer.parentOfferId) ?? offer.parentOfferId }))
    .sort((a, b) => place(a) - place(b));
  const sentByCode = new Map(sent.coupons.map((coupon) => [coupon.code.trim().toUpperCase(), coupon]));
  // A code keeps its batch too: the items shown stay as they were sent, whatever a reload would group.
  const coupons = savedForm.coupons.map((coupon, index) => {
    const same = sentByCode.get(coupon.code);
    const batch = same ? same.batch : '';
    // A coupon of its own has its scope edited (draftToForm), its ticked plans named by the sent form's keys as the offers now are.
    const scope = coupon.scope ?? (batch === '' ? couponScope(savedForm, coupon) : undefined);
    const renamed = scope && { scope: { ...scope, plans: scope.plans.map((key) => rename.get(key) ?? key) } };
    return { ...coupon, key: same?.key ?? `c-saved-${index + 1}`, batch, ...renamed };
  });
  return { ...savedForm, offers, coupons };
}
