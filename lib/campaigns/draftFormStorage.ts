import { couponScope, TRANSLATION_WORDS, translationsToForm, type CampaignForm, type CouponForm, type OfferForm } from './draftForm';
import { isStudioTimeZone } from './zonedTime';

/** Keeping the campaign editor's unsaved form through a reload: the text a tab stores, and the form read back from it. */

type Entry = Record<string, unknown>;

/** Where a tab keeps the unsaved form of a campaign opened on a version (a new campaign: on none). */
export const storageKey = (campaignId: string | null, baseVersion: number | null) =>
  `campaign-editor:${campaignId ?? ''}:${baseVersion ?? 'new'}`;

const STORED_SHAPE = 1;

export function storedForm(form: CampaignForm): string {
  return JSON.stringify({ shape: STORED_SHAPE, form });
}

const isRecord = (value: unknown): value is Entry => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function hasFields(value: unknown, strings: readonly string[], booleans: readonly string[] = []): boolean {
  return (
    isRecord(value) &&
    isRecord(value.base) &&
    strings.every((name) => typeof value[name] === 'string') &&
    booleans.every((name) => typeof value[name] === 'boolean')
  );
}

const FLOW_STRINGS = ['brand', 'campaignId', 'urlSlug', 'headline', 'subheadline', 'locale', 'startsAt', 'endsAt'] as const;
const OFFER_STRINGS = [
  'key',
  'id',
  'name',
  'description',
  'price',
  'firstPrice',
  'currencyCode',
  'billingInterval',
  'trialDays',
  'features',
  'savingBadge',
  'imageSrc',
  'imageAlt',
  'imageWidth',
  'imageHeight',
  'parentOfferId',
] as const;
const COUPON_STRINGS = [
  'key',
  'code',
  'percentOff',
  'amountOff',
  'currencyCode',
  'validFrom',
  'validUntil',
  'maxRedemptions',
  'maxRedemptionsPerCustomer',
] as const;

const isStrings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A coupon's edited scope (CouponScopeForm), or none: a batch's codes, or a form kept before scopes were edited. */
const isScope = (value: unknown) =>
  value === undefined ||
  (isRecord(value) &&
    typeof value.plansOnly === 'boolean' &&
    isStrings(value.plans) &&
    isStrings(value.otherOffers) &&
    typeof value.otherCampaigns === 'string');

/** An offer's typed words by locale (OfferForm.translations), or none: a form kept before they were edited. */
const isTranslations = (value: unknown) =>
  value === undefined ||
  (isRecord(value) &&
    Object.values(value).every((words) => isRecord(words) && TRANSLATION_WORDS.every((name) => typeof words[name] === 'string')));

/** A form storedForm wrote, or null for anything else (another build's shape, a damaged value). */
export function parseStoredForm(text: string | null): CampaignForm | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.shape !== STORED_SHAPE || !isRecord(parsed.form)) return null;
  const form = parsed.form;
  const valid =
    typeof form.timeZone === 'string' &&
    isStudioTimeZone(form.timeZone) &&
    typeof form.isDefault === 'boolean' &&
    hasFields(form.flow, FLOW_STRINGS) &&
    Array.isArray(form.offers) &&
    form.offers.every((offer) => hasFields(offer, OFFER_STRINGS, ['isPrintOffer', 'onPage']) && isTranslations(offer.translations)) &&
    Array.isArray(form.coupons) &&
    form.coupons.every((coupon) => hasFields(coupon, COUPON_STRINGS) && isScope(coupon.scope));
  if (!valid) return null;
  // A form kept before batches of codes were shown has coupons without one: each is on its own.
  const coupons = (form.coupons as Entry[]).map((coupon) => ({ ...coupon, batch: typeof coupon.batch === 'string' ? coupon.batch : '' }));
  // One kept before an offer's words in other languages were edited: each offer's as its draft has them, as on opening.
  const offers = (form.offers as unknown as OfferForm[]).map((offer) =>
    offer.translations ? offer : { ...offer, translations: translationsToForm(offer.base.translations) },
  );
  // The brand's language is the page's to tell (CampaignEditor.tsx): a damaged one is not kept.
  const { brandLocale, ...rest } = form;
  const told = typeof brandLocale === 'string' ? { brandLocale } : {};
  const restored = { ...rest, ...told, offers, coupons } as unknown as CampaignForm;
  // One kept before a coupon's scope was edited: each coupon of its own gets the scope its draft says, as it would on opening.
  const scoped = (coupon: CouponForm) =>
    coupon.scope || coupon.batch !== '' ? coupon : { ...coupon, scope: couponScope(restored, coupon) };
  return { ...restored, coupons: restored.coupons.map(scoped) };
}
