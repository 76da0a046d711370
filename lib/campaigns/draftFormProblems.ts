import type { FieldProblem } from './campaignDraft';
import { couponNumber } from './couponBatch';
import {
  campaignLocaleOf,
  hasPicture,
  TRANSLATION_WORDS,
  translationLocales,
  type CampaignForm,
  type CouponForm,
  type CouponScopeForm,
  type FlowForm,
  type OfferForm,
  type OfferTranslationForm,
} from './draftForm';

/**
 * The problems of a refused draft, each where the campaign editor's form shows it: the
 * server's details ("offers.1.totalAmount: must not be negative") and the form's own checks
 * (formToDraft in lib/campaigns/draftForm.ts) beside the control they are about, the rest in
 * words for the summary.
 */

/** The detail a 409 edited_meanwhile carries: "latestVersion: 5". Not a problem of a field. */
export const LATEST_VERSION_FIELD = 'latestVersion';

// A dotted path into the draft: "flow.headline", "offers.1.image.src", "offers.1.translations.fr-CA.description".
const FIELD = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/**
 * "offers.1.totalAmount: must not be negative" → that field's messages. A detail without a
 * field (": message", or a sentence whose words before ": " are no path) is under "".
 */
export function problemsByField(details: readonly string[]): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  for (const detail of details) {
    const at = detail.indexOf(': ');
    const head = at < 0 ? '' : detail.slice(0, at);
    const [field, message] = FIELD.test(head) ? [head, detail.slice(at + 2)] : ['', at === 0 ? detail.slice(2) : detail];
    problems.set(field, [...(problems.get(field) ?? []), message]);
  }
  return problems;
}

/** The newest version a 409 edited_meanwhile names in its details, or null. */
export function latestVersionOf(details: readonly string[]): number | null {
  const message = problemsByField(details).get(LATEST_VERSION_FIELD)?.[0];
  return message && /^\d+$/.test(message) ? Number(message) : null;
}

type OfferControlName = keyof Omit<OfferForm, 'key' | 'base' | 'id' | 'translations'>;

/** Where the form shows a problem: flow.headline, offer.o2.price, offer.o2.translations.fr-CA.description, coupon.c1.code, isDefault. */
export const flowControl = (name: keyof Omit<FlowForm, 'base'> | 'isDefault' | 'timeZone') =>
  name === 'isDefault' ? 'isDefault' : `flow.${name}`;
export const offerControl = (key: string, name: OfferControlName) => `offer.${key}.${name}`;
/** An offer's word in another language; without a word, the group of that language's words. */
export const offerTranslationControl = (key: string, locale: string, word?: keyof OfferTranslationForm) =>
  `offer.${key}.translations.${locale}${word ? `.${word}` : ''}`;
export const couponControl = (
  key: string,
  name: keyof Omit<CouponForm, 'key' | 'base' | 'batch' | 'scope'> | keyof Pick<CouponScopeForm, 'plans' | 'otherCampaigns'>,
) => `coupon.${key}.${name}`;
/** A batch of single-use codes (lib/campaigns/couponBatch.ts): one item, whichever of its coupons a problem is about. */
export const batchControl = (batch: string) => `batch.${batch}`;

const FLOW_CONTROLS: ReadonlySet<string> = new Set([
  'brand',
  'campaignId',
  'urlSlug',
  'headline',
  'subheadline',
  'locale',
  'startsAt',
  'endsAt',
]);

/** The draft's offer fields by the control that shows them. */
const OFFER_CONTROLS: ReadonlyMap<string, OfferControlName> = new Map([
  ['name', 'name'],
  ['description', 'description'],
  ['totalAmount', 'price'],
  ['discountedAmount', 'firstPrice'],
  ['currencyCode', 'currencyCode'],
  ['billingInterval', 'billingInterval'],
  ['trialDays', 'trialDays'],
  ['trialOffer', 'trialDays'],
  ['isPrintOffer', 'isPrintOffer'],
  ['features', 'features'],
  ['savingBadge', 'savingBadge'],
  ['image', 'imageSrc'],
  ['image.src', 'imageSrc'],
  ['image.alt', 'imageAlt'],
  ['image.width', 'imageWidth'],
  ['image.height', 'imageHeight'],
  ['isCrossSell', 'onPage'],
] as const);

/** A coupon's fields by the words its control is labelled with: a batch, which has no controls, names the field so. */
const COUPON_CONTROLS: ReadonlyMap<string, string> = new Map([
  ['code', 'Code'],
  ['percentOff', 'Percent off'],
  ['amountOff', 'Amount off'],
  ['currencyCode', 'Currency'],
  ['validFrom', 'Valid from'],
  ['validUntil', 'Valid until'],
  ['maxRedemptions', 'Uses in all'],
  ['maxRedemptionsPerCustomer', 'Uses per customer'],
]);

function couponControlOf(coupon: CouponForm, rest: string[]): string | null {
  const [name = '', part] = rest;
  // The scope's lists ("scope.campaigns.1: names unknown campaign"): its brands, and the scope as a whole, no control shows.
  if (name === 'scope' && part === 'offers') return couponControl(coupon.key, 'plans');
  if (name === 'scope' && part === 'campaigns') return couponControl(coupon.key, 'otherCampaigns');
  return rest.length === 1 && COUPON_CONTROLS.has(name) ? `coupon.${coupon.key}.${name}` : null;
}

const TRANSLATED: ReadonlySet<string> = new Set(TRANSLATION_WORDS);

/**
 * "translations.fr-CA.savingBadge" → that word's control; "translations.fr-CA" (its key is no
 * locale, it has a word it may not have) → the language's group. In a language the form does
 * not show (another campaign's, kept as it came), none: the summary says it.
 */
function translationControlOf(form: CampaignForm, offer: OfferForm, [locale = '', word = '']: string[]): string | null {
  if (!translationLocales(campaignLocaleOf(form)).includes(locale)) return null;
  // "features.3": the line is in the one text area. The picture's text is shown only while there is a picture.
  const shown = TRANSLATED.has(word) && (word !== 'imageAlt' || hasPicture(offer));
  return offerTranslationControl(offer.key, locale, shown ? (word as keyof OfferTranslationForm) : undefined);
}

function offerControlOf(form: CampaignForm, offer: OfferForm, rest: string[]): string | null {
  const [name = '', inner] = rest;
  if (name === 'parentOfferId') return offerControl(offer.key, offer.onPage ? 'onPage' : 'parentOfferId');
  if (name === 'translations') return translationControlOf(form, offer, rest.slice(1));
  // "features.3": the line is in the one text area.
  const path = name === 'image' && inner ? `image.${inner}` : name;
  const control = OFFER_CONTROLS.get(path);
  return control ? offerControl(offer.key, control) : null;
}

/** The control of `form` that shows a draft field's problem, or null when none does. */
export function controlOf(field: string, form: CampaignForm): string | null {
  const [list = '', index = '', ...rest] = field.split('.');
  if (field === 'isDefault') return 'isDefault';
  if (list === 'flow' && FLOW_CONTROLS.has(index) && rest.length === 0) return `flow.${index}`;
  if (list === 'flow' && index === 'plans' && rest.length === 1) {
    const plan = form.offers.filter((offer) => offer.onPage)[Number(rest[0])];
    return plan ? offerControl(plan.key, 'onPage') : null;
  }
  if (list === 'offers' && /^\d+$/.test(index)) {
    const offer = form.offers[Number(index)];
    return offer ? offerControlOf(form, offer, rest) : null;
  }
  if (list === 'coupons' && /^\d+$/.test(index)) {
    const coupon = form.coupons[Number(index)];
    if (coupon && coupon.batch !== '') return batchControl(coupon.batch);
    return coupon ? couponControlOf(coupon, rest) : null;
  }
  return null;
}

/** A draft field in words, for a problem no control shows: "Offer 2 (Vogue Print), id". */
export function describeField(field: string, form: CampaignForm): string {
  const [list = '', index = '', ...rest] = field.split('.');
  const tail = rest.length ? `, ${rest.join('.')}` : '';
  if (list === 'flow' && index === 'plans') return 'The offers sold on the page';
  if (list === 'flow') return `Campaign, ${[index, ...rest].join('.')}`;
  if (list === 'offers' && /^\d+$/.test(index)) {
    const name = form.offers[Number(index)]?.name.trim();
    return `Offer ${Number(index) + 1}${name ? ` (${name})` : ''}${tail}`;
  }
  if (list === 'coupons' && /^\d+$/.test(index)) {
    const code = form.coupons[Number(index)]?.code.trim();
    return `Coupon ${couponNumber(form.coupons, Number(index))}${code ? ` (${code})` : ''}${tail}`;
  }
  return field;
}

export interface PlacedProblems {
  /** By control (flowControl, offerControl, couponControl): shown beside it. */
  beside: Map<string, string[]>;
  /** Problems no control shows, in words: the summary lists them. */
  elsewhere: string[];
}

/** Each problem beside its control in `form` (the form the draft was sent from), or in the summary. */
export function placeProblems(problems: ReadonlyMap<string, readonly string[]>, form: CampaignForm): PlacedProblems {
  const beside = new Map<string, string[]>();
  const elsewhere: string[] = [];
  for (const [field, messages] of problems) {
    if (field === LATEST_VERSION_FIELD) continue;
    const control = field === '' ? null : controlOf(field, form);
    // A batch shows the problems of all its codes: each once, and what field it is about.
    const shown = control?.startsWith('batch.') ? messages.map((message) => `${batchFieldWords(field)}${message}`) : messages;
    if (control) beside.set(control, [...new Set([...(beside.get(control) ?? []), ...shown])]);
    else elsewhere.push(...messages.map((message) => (field === '' ? message : `${describeField(field, form)}: ${message}`)));
  }
  return { beside, elsewhere };
}

/** "coupons.4.validUntil" → "Valid until: "; "coupons.4.scope.campaigns.0" → "scope.campaigns.0: ". */
function batchFieldWords(field: string): string {
  const rest = field.split('.').slice(2);
  if (rest.length === 0) return '';
  return `${(rest.length === 1 && COUPON_CONTROLS.get(rest[0]!)) || rest.join('.')}: `;
}

/** FieldProblem[] (the form's own checks) as problemsByField gives the server's. */
export function groupProblems(problems: readonly FieldProblem[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const { field, message } of problems) grouped.set(field, [...(grouped.get(field) ?? []), message]);
  return grouped;
}
