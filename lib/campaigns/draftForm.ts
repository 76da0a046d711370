import { ALL_OFFERS_PARENT_ID } from '@/lib/catalogue/crossSell';
import { NEW_OFFER_ID } from '@/lib/campaigns/newOfferIds';
import { languageOffersOf } from '@/lib/i18n/languageOffers';
import { canonicalJson } from './campaignContent';
import type { DraftInput, FieldProblem } from './campaignDraft';
import { groupBatches } from './couponBatch';
import { DEFAULT_STUDIO_TIME_ZONE, utcToZoned, zonedToUtc } from './zonedTime';

/**
 * The campaign editor's form and the draft it sends, both ways. The form holds what a person
 * types (prices in major units, features one per line, dates on a chosen zone's clock); the
 * draft holds what the catalogue file does (cents, arrays, ISO instants, null for nothing).
 * The checks here are only those the server's schema cannot word for a person ("12,99 €"
 * is no number of cents); everything else is left to it, so that the rules live in one place.
 *
 * Beside it: the edits a person makes (draftFormEdits.ts), the choices the form offers
 * (draftFormChoices.ts), the server's problems placed on the form (draftFormProblems.ts) and
 * the unsaved form kept through a reload (draftFormStorage.ts), and the batches of single-use
 * codes for a partner (couponBatch.ts, draftFormBatch.ts): each code is a coupon of its own
 * in the draft, the form only shows a batch as one.
 *
 * An offer's words in the other languages its campaign offers (OfferTranslationForm) are
 * edited only for those languages: which they are follows from the campaign's language, its
 * own or its brand's (CampaignForm.brandLocale).
 */

type Entry = Record<string, unknown>;

/** A field each entry of the form keeps as the draft gave it: what the form does not show is sent back as it came. */
interface Based {
  base: Entry;
}

export interface FlowForm extends Based {
  brand: string;
  campaignId: string;
  urlSlug: string;
  headline: string;
  subheadline: string;
  /** "": the brand's. */
  locale: string;
  /** datetime-local text on the form's zone's clock; "": open. */
  startsAt: string;
  endsAt: string;
}

export interface OfferForm extends Based {
  /** The form's own name for it, stable while it moves: an unsaved offer has no id yet. */
  key: string;
  /** "": new, the server gives it one. */
  id: string;
  name: string;
  description: string;
  /** The full (renewal) price, major units. */
  price: string;
  /** The introductory first period's price; "": none. */
  firstPrice: string;
  currencyCode: string;
  billingInterval: string;
  /** "": no trial. */
  trialDays: string;
  isPrintOffer: boolean;
  /** One per line. */
  features: string;
  savingBadge: string;
  imageSrc: string;
  imageAlt: string;
  imageWidth: string;
  imageHeight: string;
  /** One of the page's plans; false: a cross-sell offered beside parentOfferId. */
  onPage: boolean;
  /** A cross-sell's plan: "0" for every plan, a plan's key, or an id the form does not hold. */
  parentOfferId: string;
  /**
   * Its words in other languages, by locale ("fr-CA"), as typed: those the draft has, and
   * those typed here. Only the languages its campaign offers are edited and sent as typed;
   * the others go back as the draft had them (translationsToDraft).
   */
  translations: Record<string, OfferTranslationForm>;
}

/** An offer's words in one other language, as typed (lib/catalogue/types.ts OfferTranslation); "": a word not given. */
export interface OfferTranslationForm {
  description: string;
  /** One per line. */
  features: string;
  savingBadge: string;
  imageAlt: string;
}

export const NO_TRANSLATION: OfferTranslationForm = { description: '', features: '', savingBadge: '', imageAlt: '' };
export const TRANSLATION_WORDS = Object.keys(NO_TRANSLATION) as (keyof OfferTranslationForm)[];

export interface CouponForm extends Based {
  key: string;
  /** The batch of single-use codes it belongs to, shown as one item (couponBatch.ts); "": a coupon of its own. */
  batch: string;
  code: string;
  percentOff: string;
  /** Major units, in currencyCode. */
  amountOff: string;
  currencyCode: string;
  validFrom: string;
  validUntil: string;
  /** "": no cap. */
  maxRedemptions: string;
  maxRedemptionsPerCustomer: string;
  /**
   * Where it works, as the form edits it. Absent, it is sent as the draft gave it, or as this
   * campaign's only when new: a batch's codes (couponBatch.ts), whose scope is not edited here.
   */
  scope?: CouponScopeForm;
}

/**
 * A coupon's scope as the form edits it: which of this campaign's plans it takes money off,
 * and which other campaigns it also works on. The scope's brands are kept as they came.
 */
export interface CouponScopeForm {
  /** Only the plans ticked (the scope's offers); false: every plan of this campaign. */
  plansOnly: boolean;
  /** The plans ticked, by their offers' keys: an unsaved offer has no id yet. */
  plans: string[];
  /** Offers the scope names that are no offer of this campaign (another campaign's plans): kept as they are. */
  otherOffers: string[];
  /** The other campaigns' ids, as typed: separated by commas. */
  otherCampaigns: string;
}

export interface CampaignForm {
  /** The zone whose clock the dates are typed on; the draft holds instants, not it. */
  timeZone: string;
  flow: FlowForm;
  /** In the order the page shows its plans: the on-page ones are flow.plans. */
  offers: OfferForm[];
  coupons: CouponForm[];
  isDefault: boolean;
  /**
   * The campaign's brand's language, which the campaign speaks while flow.locale is "": it
   * decides which languages an offer's words are edited in. The page knows it (its brands),
   * the draft does not: the editor tells the form (CampaignEditor.tsx). Absent: not told,
   * and such a campaign then edits no other language.
   */
  brandLocale?: string;
}

/**
 * How a draft names an offer the server has not given an id yet (lib/campaigns/newOfferIds.ts):
 * its id is a placeholder, "new-3" for draft.offers[2], which flow.plans and a cross-sell's
 * parentOfferId name too; its uuid is "". The server gives each its id and uuid and writes
 * them in those places.
 */
export const newOfferReference = (index: number) => `new-${index + 1}`;

// Reading the draft's unchecked records.
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const record = (value: unknown): Entry => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Entry) : {});
const linesText = (value: unknown): string => (Array.isArray(value) ? value.filter((line) => typeof line === 'string').join('\n') : '');
/** Text typed one per line → its lines, each trimmed, the empty ones left out. */
const typedLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** 1299 → "12.99"; what is no whole number of cents → "". */
export function centsToText(value: unknown): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return '';
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

// "12", "12.9", "12.99", "12,99": a comma is a decimal point as many marketers type it.
const MONEY = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** "12,99" → 1299, without floating point; null for what is not an amount. */
export function textToCents(text: string): number | null {
  const match = MONEY.exec(text.replace(/\s/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const WHOLE = /^\d{1,9}$/;
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;

/** "12,5" → 12.5; null for what is not a percentage as a person types one. */
export function textToPercent(text: string): number | null {
  const trimmed = text.trim();
  return PERCENT.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}

function timeText(value: unknown, timeZone: string): string {
  return typeof value === 'string' && value !== '' ? utcToZoned(value, timeZone) : '';
}

function flowToForm(flow: Entry, timeZone: string): FlowForm {
  return {
    base: flow,
    brand: str(flow.brand),
    campaignId: str(flow.campaignId),
    urlSlug: str(flow.urlSlug),
    headline: str(flow.headline),
    subheadline: str(flow.subheadline),
    locale: str(flow.locale),
    startsAt: timeText(flow.startsAt, timeZone),
    endsAt: timeText(flow.endsAt, timeZone),
  };
}

function offerToForm(offer: Entry, key: string): OfferForm {
  const image = offer.image ? record(offer.image) : null;
  return {
    base: offer,
    key,
    id: str(offer.id),
    name: str(offer.name),
    description: str(offer.description),
    price: centsToText(offer.totalAmount),
    firstPrice: centsToText(offer.discountedAmount),
    currencyCode: str(offer.currencyCode),
    billingInterval: str(offer.billingInterval),
    trialDays: count(offer.trialDays),
    isPrintOffer: offer.isPrintOffer === true,
    features: linesText(offer.features),
    savingBadge: str(offer.savingBadge),
    imageSrc: str(image?.src),
    imageAlt: str(image?.alt),
    imageWidth: count(image?.width),
    imageHeight: count(image?.height),
    onPage: offer.isCrossSell !== true,
    parentOfferId: str(offer.parentOfferId) || ALL_OFFERS_PARENT_ID,
    translations: translationsToForm(offer.translations),
  };
}

function translationToForm(words: unknown): OfferTranslationForm {
  const given = record(words);
  return {
    description: str(given.description),
    features: linesText(given.features),
    savingBadge: str(given.savingBadge),
    imageAlt: str(given.imageAlt),
  };
}

/** A draft offer's translations as the form shows them, by locale. */
export function translationsToForm(translations: unknown): Record<string, OfferTranslationForm> {
  return Object.fromEntries(Object.entries(record(translations)).map(([locale, words]) => [locale, translationToForm(words)]));
}

/** The language the form's campaign speaks: its own, else its brand's; "" while the form knows neither. */
export const campaignLocaleOf = (form: CampaignForm): string => form.flow.locale || form.brandLocale || '';

/** The locales an offer's words are edited in: those a campaign in `campaignLocale` offers besides its own (most: none). */
export const translationLocales = (campaignLocale: string): string[] => languageOffersOf(campaignLocale).map((offer) => offer.locale);

/** Whether the offer has a picture, whose text then has a translation to edit. */
export const hasPicture = (offer: OfferForm): boolean => offer.imageSrc.trim() !== '';

/** "gq-spring, wired-spring" → the ids, each once; nothing between two commas is no id. */
export function campaignIdsIn(text: string): string[] {
  return [...new Set(text.split(',').map((id) => id.trim()))].filter((id) => id !== '');
}

/** A draft's scope as the form edits it; `keyOfId` gives the key of each offer the form holds by the id the draft names it by. */
function scopeToForm(scope: unknown, campaignId: string, keyOfId: ReadonlyMap<string, string>): CouponScopeForm {
  const given = record(scope);
  const campaigns = Array.isArray(given.campaigns) ? given.campaigns.map(String) : [];
  const offers = Array.isArray(given.offers) ? given.offers.map(String) : null;
  return {
    plansOnly: offers !== null,
    plans: (offers ?? []).filter((id) => keyOfId.has(id)).map((id) => keyOfId.get(id)!),
    otherOffers: (offers ?? []).filter((id) => !keyOfId.has(id)),
    otherCampaigns: [...new Set(campaigns.filter((id) => id !== campaignId))].join(', '),
  };
}

/** Where a coupon of `form` works, as the form shows it: as edited, else as its draft says. */
export function couponScope(form: CampaignForm, coupon: CouponForm): CouponScopeForm {
  if (coupon.scope) return coupon.scope;
  const keyOfId = new Map(form.offers.filter((offer) => offer.id !== '').map((offer) => [offer.id, offer.key]));
  return scopeToForm(coupon.base.scope, form.flow.campaignId.trim(), keyOfId);
}

function couponToForm(coupon: Entry, key: string, timeZone: string): CouponForm {
  return {
    base: coupon,
    key,
    batch: '',
    code: str(coupon.code),
    percentOff: count(coupon.percentOff),
    amountOff: centsToText(coupon.amountOff),
    currencyCode: str(coupon.currencyCode),
    validFrom: timeText(coupon.validFrom, timeZone),
    validUntil: timeText(coupon.validUntil, timeZone),
    maxRedemptions: count(coupon.maxRedemptions),
    maxRedemptionsPerCustomer: count(coupon.maxRedemptionsPerCustomer),
  };
}

/**
 * The page's plans are flow.plans, in its order: the on-page offers take the places they hold
 * in the list in that order, so that the form's order is the page's and the rest stay put.
 */
function inPlanOrder(offers: OfferForm[], plans: unknown): OfferForm[] {
  const order = Array.isArray(plans) ? plans.map(String) : [];
  const rank = (offer: OfferForm) => {
    const at = order.indexOf(offer.id);
    return at < 0 ? order.length : at;
  };
  const onPage = offers.filter((offer) => offer.onPage).sort((a, b) => rank(a) - rank(b));
  let next = 0;
  return offers.map((offer) => (offer.onPage ? onPage[next++]! : offer));
}

/** The form a draft opens as, its dates on `timeZone`'s clock. */
export function draftToForm(draft: DraftInput, timeZone: string = DEFAULT_STUDIO_TIME_ZONE): CampaignForm {
  const offers = inPlanOrder(
    draft.offers.map((offer, index) => offerToForm(offer, `o${index + 1}`)),
    draft.flow.plans,
  );
  // A cross-sell names its plan by the plan's key, which stays while the plan is new or moves.
  const keyOfId = new Map(offers.filter((offer) => offer.id !== '').map((offer) => [offer.id, offer.key]));
  const parented = offers.map((offer) =>
    offer.onPage ? offer : { ...offer, parentOfferId: keyOfId.get(offer.parentOfferId) ?? offer.parentOfferId },
  );
  return {
    timeZone,
    flow: flowToForm(draft.flow, timeZone),
    // A placeholder id is the draft's name for a new offer: in the form, a new offer has none.
    offers: parented.map((offer) => (NEW_OFFER_ID.test(offer.id) ? { ...offer, id: '' } : offer)),
    // A saved batch of codes is many coupons in the draft: it opens as the one item it was added as.
    // A coupon of its own has its scope edited; a batch's codes keep theirs as they came.
    coupons: groupBatches(
      draft.coupons.map((coupon, index) => couponToForm(coupon, `c${index + 1}`, timeZone)),
      str(draft.flow.campaignId),
    ).map((coupon) =>
      coupon.batch === '' ? { ...coupon, scope: scopeToForm(coupon.base.scope, str(draft.flow.campaignId), keyOfId) } : coupon,
    ),
    isDefault: draft.isDefault,
  };
}

export type DraftFromForm = { ok: true; draft: DraftInput } | { ok: false; problems: FieldProblem[] };

/** Builds one draft, noting each problem of the form's own under the draft's field it is about. */
class DraftWriter {
  readonly problems: FieldProblem[] = [];

  constructor(private readonly timeZone: string) {}

  problem(field: string, message: string): void {
    this.problems.push({ field, message });
  }

  /** "" → null; an amount → cents; anything else is a problem. */
  money(field: string, text: string, required: boolean): number | null {
    if (text.trim() === '') {
      if (required) this.problem(field, 'Enter the price, such as 12.99');
      return null;
    }
    const cents = textToCents(text);
    if (cents === null) this.problem(field, 'Enter a price such as 12.99');
    return cents;
  }

  whole(field: string, text: string, message: string): number | null {
    if (text.trim() === '') return null;
    if (!WHOLE.test(text.trim())) this.problem(field, message);
    return WHOLE.test(text.trim()) ? Number(text.trim()) : null;
  }

  /** The instant typed on the zone's clock; the draft's own text when it is the same instant, so that an untouched date reads as it did. */
  instant(field: string, text: string, was: unknown): string | null {
    if (text.trim() === '') return null;
    const iso = zonedToUtc(text, this.timeZone);
    if (iso === null) this.problem(field, 'Enter a date and a time, or leave it empty');
    return typeof was === 'string' && iso !== null && Date.parse(was) === Date.parse(iso) ? was : iso;
  }
}

/** How the draft names an offer of the form: its id, or its placeholder while it has none. */
function referenceOf(offers: OfferForm[], key: string): string | null {
  const index = offers.findIndex((offer) => offer.key === key);
  if (index < 0) return null;
  return offers[index]!.id || newOfferReference(index);
}

function flowToDraft(form: CampaignForm, writer: DraftWriter): Entry {
  const { flow } = form;
  return {
    ...flow.base,
    brand: flow.brand,
    urlSlug: flow.urlSlug.trim(),
    campaignId: flow.campaignId.trim(),
    headline: flow.headline,
    subheadline: flow.subheadline,
    plans: form.offers.filter((offer) => offer.onPage).map((offer) => referenceOf(form.offers, offer.key)!),
    startsAt: writer.instant('flow.startsAt', flow.startsAt, flow.base.startsAt),
    endsAt: writer.instant('flow.endsAt', flow.endsAt, flow.base.endsAt),
    locale: flow.locale || null,
  };
}

function imageToDraft(offer: OfferForm, at: string, writer: DraftWriter): Entry | null {
  const given = [offer.imageSrc, offer.imageAlt, offer.imageWidth, offer.imageHeight].some((text) => text.trim() !== '');
  if (!given) return null;
  const size = (name: 'width' | 'height', text: string) => {
    if (text.trim() === '') writer.problem(`${at}.image.${name}`, `Enter the ${name} in pixels, such as 640`);
    return writer.whole(`${at}.image.${name}`, text, `Enter the ${name} as a whole number of pixels, such as 640`);
  };
  return {
    src: offer.imageSrc.trim(),
    alt: offer.imageAlt,
    width: size('width', offer.imageWidth),
    height: size('height', offer.imageHeight),
  };
}

function offerToDraft(form: CampaignForm, index: number, writer: DraftWriter): Entry {
  const offer = form.offers[index]!;
  const at = `offers.${index}`;
  const trialDays = writer.whole(`${at}.trialDays`, offer.trialDays, 'Enter a whole number of days, such as 14, or leave it empty');
  const parent =
    offer.parentOfferId === ALL_OFFERS_PARENT_ID
      ? ALL_OFFERS_PARENT_ID
      : (referenceOf(form.offers, offer.parentOfferId) ?? offer.parentOfferId);
  const entry: Entry = {
    ...offer.base,
    id: offer.id || newOfferReference(index),
    uuid: offer.id === '' ? '' : str(offer.base.uuid),
    // A new offer is the campaign's brand's; one the catalogue holds keeps its own.
    brand: offer.id === '' ? form.flow.brand : str(offer.base.brand) || form.flow.brand,
    name: offer.name,
    description: offer.description,
    currencyCode: offer.currencyCode,
    totalAmount: writer.money(`${at}.totalAmount`, offer.price, true),
    discountedAmount: writer.money(`${at}.discountedAmount`, offer.firstPrice, false),
    billingInterval: offer.billingInterval,
    trialOffer: offer.trialDays.trim() !== '',
    trialDays,
    isPrintOffer: offer.isPrintOffer,
    isCrossSell: !offer.onPage,
    features: typedLines(offer.features),
    savingBadge: offer.savingBadge.trim() || null,
    image: imageToDraft(offer, at, writer),
    parentOfferId: offer.onPage ? null : parent,
    translations: translationsToDraft(offer, translationLocales(campaignLocaleOf(form))),
  };
  // No translations, no key: an offer without any reads as it did before there were any.
  if (entry.translations === undefined) delete entry.translations;
  return entry;
}

/**
 * The words typed in one language, only those given (a word left out is not shown in it):
 * features one per line; no badge is left out rather than null. Their number and length are
 * the server's to check, as the offer's own are.
 */
function typedTranslation(typed: OfferTranslationForm): Entry {
  const features = typedLines(typed.features);
  const words: Entry = {
    description: typed.description.trim() || undefined,
    features: features.length ? features : undefined,
    savingBadge: typed.savingBadge.trim() || undefined,
    imageAlt: typed.imageAlt.trim() || undefined,
  };
  return Object.fromEntries(Object.entries(words).filter(([, word]) => word !== undefined));
}

/**
 * An offer's translations as its draft is to hold them: each language `shown` (the campaign
 * offers it) as typed, a language without words left out; any other (another campaign's
 * language, one this campaign no longer offers) and an untouched one as the draft had it,
 * so that an untouched offer's draft reads exactly as it came. Undefined: none at all.
 */
function translationsToDraft(offer: OfferForm, shown: readonly string[]): Entry | undefined {
  const was = record(offer.base.translations);
  const out: Entry = {};
  for (const locale of new Set([...Object.keys(was), ...Object.keys(offer.translations)])) {
    const typed = offer.translations[locale];
    const asItWas = translationToForm(was[locale]);
    const untouched = !typed || TRANSLATION_WORDS.every((word) => typed[word] === asItWas[word]);
    if (untouched || !shown.includes(locale)) {
      if (was[locale] !== undefined) out[locale] = was[locale];
      continue;
    }
    const words = typedTranslation(typed);
    if (Object.keys(words).length) out[locale] = words;
  }
  return Object.keys(out).length ? out : undefined;
}

// As the catalogue's campaign ids are (lib/catalogue/catalogueFile.ts).
const CAMPAIGN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The list as it came when it holds the same ids, in whatever order: an untouched scope reads as it did. */
function asItCame(ids: string[], was: unknown): unknown[] {
  const same = Array.isArray(was) && was.length === ids.length && ids.every((id) => was.includes(id));
  return same ? (was as unknown[]) : ids;
}

/**
 * The scope the form says: this campaign first, then the others typed; the plans ticked, or
 * none for every plan. A plan removed or no longer on the page is no longer ticked. Another
 * campaign's plans it named stay named, beside every plan of this one when it takes all.
 */
function scopeToDraft(form: CampaignForm, index: number, scope: CouponScopeForm, writer: DraftWriter): Entry {
  const at = `coupons.${index}.scope`;
  const campaignId = form.flow.campaignId.trim();
  const others = campaignIdsIn(scope.otherCampaigns).filter((id) => id !== campaignId);
  if (!others.every((id) => CAMPAIGN_ID.test(id)))
    writer.problem(`${at}.campaigns`, 'Enter campaign ids such as vogue-spring, separated by commas');
  const plans = form.offers.filter((offer) => offer.onPage);
  const ticked = plans.filter((plan) => scope.plans.includes(plan.key));
  if (scope.plansOnly && ticked.length === 0) writer.problem(`${at}.offers`, 'Tick at least one plan, or choose every plan');
  const named = (scope.plansOnly ? ticked : plans).map((plan) => referenceOf(form.offers, plan.key)!);
  const offers = scope.plansOnly || scope.otherOffers.length ? [...named, ...scope.otherOffers] : null;
  const { campaigns: wasCampaigns, offers: wasOffers, ...kept } = record(form.coupons[index]!.base.scope);
  return {
    ...kept,
    campaigns: asItCame([campaignId, ...others], wasCampaigns),
    ...(offers && { offers: asItCame(offers, wasOffers) }),
  };
}

function couponToDraft(form: CampaignForm, index: number, writer: DraftWriter): Entry {
  const coupon = form.coupons[index]!;
  const at = `coupons.${index}`;
  // What the form shows replaces what the draft had: a cleared percentage is gone, not kept.
  const { percentOff: _percent, amountOff: _amount, currencyCode: _currency, ...rest } = coupon.base;
  const entry: Entry = {
    ...rest,
    code: coupon.code.trim().toUpperCase(),
    validFrom: writer.instant(`${at}.validFrom`, coupon.validFrom, coupon.base.validFrom),
    validUntil: writer.instant(`${at}.validUntil`, coupon.validUntil, coupon.base.validUntil),
    // A coupon added here works on this campaign, whatever id it ends up with.
    scope: coupon.scope
      ? scopeToDraft(form, index, coupon.scope, writer)
      : (coupon.base.scope ?? { campaigns: [form.flow.campaignId.trim()] }),
    maxRedemptions: writer.whole(`${at}.maxRedemptions`, coupon.maxRedemptions, 'Enter a whole number, such as 100, or leave it empty'),
    maxRedemptionsPerCustomer: writer.whole(
      `${at}.maxRedemptionsPerCustomer`,
      coupon.maxRedemptionsPerCustomer,
      'Enter a whole number, such as 1, or leave it empty',
    ),
  };
  if (coupon.percentOff.trim() !== '') {
    const percent = textToPercent(coupon.percentOff);
    if (percent === null) writer.problem(`${at}.percentOff`, 'Enter a percentage such as 10');
    else entry.percentOff = percent;
  }
  if (coupon.amountOff.trim() !== '') {
    const cents = textToCents(coupon.amountOff);
    if (cents === null) writer.problem(`${at}.amountOff`, 'Enter an amount such as 5.00');
    else entry.amountOff = cents;
    // The currency is the amount's: without an amount there is none to send.
    if (coupon.currencyCode) entry.currencyCode = coupon.currencyCode;
  }
  return entry;
}

/** The draft the form says, or the problems that keep it from saying one (each under its draft field). */
export function formToDraft(form: CampaignForm): DraftFromForm {
  const writer = new DraftWriter(form.timeZone);
  const draft: DraftInput = {
    flow: flowToDraft(form, writer),
    offers: form.offers.map((_, index) => offerToDraft(form, index, writer)),
    coupons: form.coupons.map((_, index) => couponToDraft(form, index, writer)),
    isDefault: form.isDefault,
  };
  return writer.problems.length ? { ok: false, problems: writer.problems } : { ok: true, draft };
}

/**
 * What the form says, as text to compare: two forms with the same signature would save the
 * same draft (the zone they are shown in does not count, nor the brand's language the page
 * tells it). A form that says no draft yet compares by what was typed.
 */
export function formSignature(form: CampaignForm): string {
  const result = formToDraft(form);
  if (result.ok) return `draft:${canonicalJson(result.draft)}`;
  const { timeZone: _zone, brandLocale: _brandLocale, ...typed } = form;
  return `typed:${canonicalJson(typed)}`;
}
