import { billingSchemas } from '@/lib/checkout/billing';
import type { PostalAddress } from '@/lib/geo/addressFormat';
import { hasPart } from '@/lib/geo/addressLayout';
import type { MessageDescriptor } from '@/lib/i18n/messageKey';
import { SIGNED_IN_FAILURES, type FailureMessages } from './apiFailure';

export type DeliveryAddress = PostalAddress;

/** What the account's form asks for: the country stays the subscription's (a move within it). */
export interface AddressForm {
  region: string;
  line1: string;
  city: string;
  postalCode: string;
}
export type AddressField = keyof AddressForm;

export type AddressProblems = Partial<Record<AddressField, MessageDescriptor>>;

/** The form of a subscription's delivery address: as it is, or empty in its country. */
export function addressForm(address: DeliveryAddress | null): AddressForm {
  return { region: address?.region ?? '', line1: address?.line1 ?? '', city: address?.city ?? '', postalCode: address?.postalCode ?? '' };
}

/**
 * A delivery address in `country` checked as the checkout and the server check it: the
 * address to send (trimmed; a region only where the country has them), or each field's
 * first problem.
 */
export function checkAddress(
  form: AddressForm,
  country: string,
): { ok: true; address: DeliveryAddress } | { ok: false; problems: AddressProblems } {
  const { line1, city, postalCode, region } = form;
  // Only the parts the country's addresses have: a city typed where there is none is not sent.
  const sent = {
    line1,
    city: hasPart(country, 'city') ? city : '',
    postalCode: hasPart(country, 'postalCode') ? postalCode : '',
    country,
    ...(hasPart(country, 'region') ? { region } : {}),
  };
  const parsed = billingSchemas().deliveryAddress.safeParse(sent);
  if (parsed.success) return { ok: true, address: { ...parsed.data, country } };
  const { keyOf } = billingSchemas();
  const problems: AddressProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    // The checkout's own words (lib/checkout/billing.ts): the address page carries the payment step's namespace.
    problems[field] ??= keyOf.get(issue.message) ?? { id: 'billing.address.problem.field' };
  }
  return { ok: false, problems };
}

/** What the server was sent: a delivery address, its country and region perhaps left out (an API client from before). */
export type SentAddress = Omit<DeliveryAddress, 'country'> & { country?: string };

/**
 * The address a subscription moves to: one sent without a country stays in the current one
 * (and keeps its region unless another is sent). A move abroad is refused: the subscription
 * keeps the price and tax rule of the country it was bought for.
 */
export function movedAddress(
  sent: SentAddress,
  current: DeliveryAddress | null,
): { ok: true; address: DeliveryAddress } | { ok: false; code: 'invalid_address' | 'country_change'; message: string } {
  const country = sent.country ?? current?.country;
  if (!country) return { ok: false, code: 'invalid_address', message: 'Choose your country.' };
  if (current && country !== current.country) {
    return {
      ok: false,
      code: 'country_change',
      message: `This subscription is delivered in the country it was bought for (${current.country}), whose price and tax it keeps. For delivery to another country, take out a subscription there.`,
    };
  }
  const region = sent.country === undefined ? (sent.region ?? current?.region) : sent.region;
  const complete = { line1: sent.line1, city: sent.city, postalCode: sent.postalCode, country, ...(region ? { region } : {}) };
  const parsed = billingSchemas().deliveryAddress.safeParse(complete);
  if (!parsed.success)
    return { ok: false, code: 'invalid_address', message: parsed.error.issues[0]?.message ?? 'Please check the address.' };
  return { ok: true, address: { ...parsed.data, country } };
}

/** POST /api/account/subscriptions/{id}/delivery-address (lib/server/account/subscriptionActions.ts). */
export const ADDRESS_FAILURES: FailureMessages = {
  ...SIGNED_IN_FAILURES,
  not_print: 'billing.address.error.not_print',
  subscription_ended: 'billing.address.error.subscription_ended',
  invalid_address: 'billing.address.error.invalid_address',
  country_change: 'billing.address.error.country_change',
};
