import type { PermissionChoices } from '@/lib/tracking/marketingPermissions';
import type { BillingForm } from './billing';
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@/lib/payments/methods';

/**
 * What the visitor typed on the payment step, less anything about the card: kept in the
 * tab's session storage so that a reload, a failed bank check or back/forward loses
 * nothing. Card numbers, expiry and CVC are never in it.
 */
export interface CheckoutDraft {
  billing: BillingForm;
  /** Print offers: the magazine goes to the billing address. */
  deliverySameAsBilling: boolean;
  /** Buying for a business: its company's name and VAT number are asked for, and its billing address. */
  business: boolean;
  /**
   * The renewal terms the visitor agreed to (renewalTermsKey), or null: a consent is for
   * those terms only, so another offer or price shows the box unticked again.
   */
  renewalConsentFor: string | null;
  marketing: PermissionChoices;
  /** The payment method chosen (a SPEC constant); null: the first one offered. */
  paymentMethod: PaymentMethodId | null;
}

export const EMPTY_BILLING: BillingForm = {
  email: '',
  firstName: '',
  lastName: '',
  country: '',
  region: '',
  companyName: '',
  vatNumber: '',
  line1: '',
  city: '',
  postalCode: '',
  deliveryCountry: '',
  deliveryRegion: '',
  deliveryLine1: '',
  deliveryCity: '',
  deliveryPostalCode: '',
};
export const NO_MARKETING: PermissionChoices = { firstParty: false, otherBrands: false, thirdParty: false, newsletter: false };

const BILLING_KEYS = Object.keys(EMPTY_BILLING) as (keyof BillingForm)[];
const MARKETING_KEYS = Object.keys(NO_MARKETING) as (keyof PermissionChoices)[];
const MAX_FIELD_LENGTH = 254;

export const draftKey = (campaignId: string) => `pj:draft:${campaignId}`;

/** What a renewal consent is given for: the offer, what it renews at, and how often. */
export function renewalTermsKey(offer: { id: string; billingInterval: string; currencyCode: string }, renewalPrice: number): string {
  return `${offer.id}:${renewalPrice}:${offer.currencyCode}:${offer.billingInterval}`;
}

/** Reads a stored draft over `fallback`: every field is checked, anything odd is left as the fallback has it. */
export function parseDraft(raw: string | null, fallback: CheckoutDraft): CheckoutDraft {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    return fallback;
  }
  if (typeof stored !== 'object' || stored === null) return fallback;
  const { billing, deliverySameAsBilling, business, renewalConsentFor, marketing, paymentMethod } = stored as Record<string, unknown>;
  const billingIn = (typeof billing === 'object' && billing !== null ? billing : {}) as Record<string, unknown>;
  const marketingIn = (typeof marketing === 'object' && marketing !== null ? marketing : {}) as Record<string, unknown>;
  const text = (value: unknown, otherwise: string) => (typeof value === 'string' && value.length <= MAX_FIELD_LENGTH ? value : otherwise);
  return {
    billing: Object.fromEntries(BILLING_KEYS.map((key) => [key, text(billingIn[key], fallback.billing[key])])) as unknown as BillingForm,
    deliverySameAsBilling: typeof deliverySameAsBilling === 'boolean' ? deliverySameAsBilling : fallback.deliverySameAsBilling,
    business: typeof business === 'boolean' ? business : fallback.business,
    renewalConsentFor:
      renewalConsentFor === null || (typeof renewalConsentFor === 'string' && renewalConsentFor.length <= 100)
        ? renewalConsentFor
        : fallback.renewalConsentFor,
    marketing: Object.fromEntries(
      MARKETING_KEYS.map((key) => [key, typeof marketingIn[key] === 'boolean' ? marketingIn[key] : fallback.marketing[key]]),
    ) as unknown as PermissionChoices,
    paymentMethod: (PAYMENT_METHOD_IDS as readonly unknown[]).includes(paymentMethod)
      ? (paymentMethod as PaymentMethodId)
      : fallback.paymentMethod,
  };
}

/**
 * An empty field of the stored draft takes the prefill (a signed-in e-mail, the cart's or the
 * arrival's country). The region only goes with its own country: a buyer who chose Canada
 * and no province yet is not handed the arrival's New York.
 */
export function withPrefill(draft: CheckoutDraft, prefill: Partial<BillingForm>): CheckoutDraft {
  const billing = { ...draft.billing };
  for (const key of BILLING_KEYS) {
    if (key === 'region' && billing.country !== prefill.country) continue;
    if (!billing[key] && prefill[key]) billing[key] = prefill[key];
  }
  return { ...draft, billing };
}

/**
 * "Same as billing" switched: unticked, the delivery address starts as the billing address,
 * its country and region included (to be edited), unless one was typed already; one typed
 * before delivery addresses had countries takes the billing country and region.
 */
export function withDeliverySameAsBilling(draft: CheckoutDraft, same: boolean): CheckoutDraft {
  const { billing } = draft;
  const typed = billing.deliveryLine1 || billing.deliveryCity || billing.deliveryPostalCode;
  if (same) return { ...draft, deliverySameAsBilling: true };
  const place = billing.deliveryCountry ? {} : { deliveryCountry: billing.country, deliveryRegion: billing.region };
  if (typed) return { ...draft, deliverySameAsBilling: false, billing: { ...billing, ...place } };
  return {
    ...draft,
    deliverySameAsBilling: false,
    billing: { ...billing, ...place, deliveryLine1: billing.line1, deliveryCity: billing.city, deliveryPostalCode: billing.postalCode },
  };
}

/**
 * The delivery country chosen: its region goes (a region belongs to its country), and so
 * does the billing address copied into it, untouched, when the country is another than the
 * billing one (that copy cannot be where it goes). An address typed for delivery stays.
 */
export function withDeliveryCountry(billing: BillingForm, country: string): BillingForm {
  const copied =
    billing.deliveryLine1 === billing.line1 && billing.deliveryCity === billing.city && billing.deliveryPostalCode === billing.postalCode;
  const cleared = copied && country !== billing.country ? { deliveryLine1: '', deliveryCity: '', deliveryPostalCode: '' } : {};
  return { ...billing, deliveryCountry: country, deliveryRegion: '', ...cleared };
}
