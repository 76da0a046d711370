import type { MessageDescriptor, MessageKey } from '@/lib/i18n/messageKey';
import { hasVatNumbers, normalVatNumber, vatNumberExample } from '@/lib/pricing/vatNumbers';
import type { BusinessDetails } from '@/lib/subscriptions/subscription';
import { hasControlCharacter } from '@/lib/text/plainText';
import { SIGNED_IN_FAILURES, type FailureMessages } from './apiFailure';

/** What the account's form asks for: the company's name and, where the billing country has them, its VAT number. */
export interface BusinessForm {
  companyName: string;
  vatNumber: string;
}
export type BusinessField = keyof BusinessForm;
export type BusinessProblems = Partial<Record<BusinessField, MessageDescriptor>>;

export const businessForm = (business: BusinessDetails): BusinessForm => ({
  companyName: business.companyName,
  vatNumber: business.vatNumber ?? '',
});

/**
 * The company's details as a subscription keeps them from now on, checked as the checkout
 * checks them: the name plain text of at most 120 characters, the VAT number of the billing
 * country's shape (kept as VIES writes it). A number changed is unverified again until finance
 * checks it; one left as it was keeps finance's check.
 */
export function checkBusiness(
  form: BusinessForm,
  current: BusinessDetails,
): { ok: true; business: BusinessDetails } | { ok: false; problems: BusinessProblems } {
  const problems: BusinessProblems = {};
  const companyName = form.companyName.trim();
  if (hasControlCharacter(form.companyName)) problems.companyName = { id: 'payment.error.companyName.plainText' };
  else if (companyName === '') problems.companyName = { id: 'payment.error.companyName.missing' };
  else if (companyName.length > 120) problems.companyName = { id: 'payment.error.companyName.tooLong' };
  const typed = form.vatNumber.trim();
  const { country } = current;
  let vatNumber: string | null = null;
  if (typed !== '') {
    const example = vatNumberExample(country);
    if (!hasVatNumbers(country) || example === null) problems.vatNumber = { id: 'payment.error.vatNumber.none' };
    else if (hasControlCharacter(form.vatNumber)) problems.vatNumber = { id: 'payment.error.vatNumber.plainText' };
    else if ((vatNumber = normalVatNumber(country, typed)) === null)
      problems.vatNumber = { id: 'payment.error.vatNumber.format', values: { example } };
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const vatStatus = vatNumber === null ? null : vatNumber === current.vatNumber ? current.vatStatus : 'unverified';
  return { ok: true, business: { companyName, vatNumber, country, vatStatus } };
}

/** POST /api/account/subscriptions/{id}/business (lib/server/account/subscriptionActions.ts). */
export const BUSINESS_FAILURES: FailureMessages = {
  ...SIGNED_IN_FAILURES,
  not_business: 'billing.business.error.not_business',
  subscription_ended: 'billing.business.error.subscription_ended',
  invalid_business: 'billing.business.error.invalid_business',
};

const VAT_STATUS_KEYS = {
  unverified: { charged: 'billing.business.status.unverified', exempt: 'billing.business.status.unverifiedExempt' },
  verified: { charged: 'billing.business.status.verified', exempt: 'billing.business.status.verifiedExempt' },
  rejected: { charged: 'billing.business.status.rejected', exempt: 'billing.business.status.rejected' },
} as const satisfies Record<NonNullable<BusinessDetails['vatStatus']>, Record<'charged' | 'exempt', MessageKey>>;

/**
 * Where finance's check of the number stands, and what it means for the VAT the renewals are
 * charged: none once verified where the sale is between two member states, else as for any buyer.
 */
export function vatStatusKey(business: BusinessDetails & { exemptWhenVerified: boolean }): MessageKey | null {
  return business.vatStatus ? VAT_STATUS_KEYS[business.vatStatus][business.exemptWhenVerified ? 'exempt' : 'charged'] : null;
}
