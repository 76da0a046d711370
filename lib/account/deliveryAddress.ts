import { billingSchemas } from '@/lib/checkout/billing';
import type { MessageKey } from '@/lib/i18n/messageKey';
import type { FailureMessages } from './apiFailure';

export type DeliveryAddress = { line1: string; city: string; postalCode: string };
export type AddressField = keyof DeliveryAddress;

/**
 * The checkout's refusals of an address (lib/checkout/billing.ts keys them in `payment`),
 * said in the account's own namespace: the account's pages do not carry the payment step's.
 */
const PROBLEMS: Readonly<Partial<Record<MessageKey, MessageKey>>> = {
  'payment.error.line1.missing': 'billing.address.problem.line1.missing',
  'payment.error.line1.tooLong': 'billing.address.problem.line1.tooLong',
  'payment.error.line1.plainText': 'billing.address.problem.line1.plainText',
  'payment.error.city.missing': 'billing.address.problem.city.missing',
  'payment.error.city.tooLong': 'billing.address.problem.city.tooLong',
  'payment.error.city.plainText': 'billing.address.problem.city.plainText',
  'payment.error.postalCode.missing': 'billing.address.problem.postalCode.missing',
  'payment.error.postalCode.tooLong': 'billing.address.problem.postalCode.tooLong',
  'payment.error.postalCode.plainText': 'billing.address.problem.postalCode.plainText',
  'payment.error.postalCode.invalid': 'billing.address.problem.postalCode.invalid',
};

export type AddressProblems = Partial<Record<AddressField, MessageKey>>;

/**
 * A delivery address checked as the checkout and the server check it: the address to send
 * (trimmed), or each field's first problem.
 */
export function checkAddress(address: DeliveryAddress): { ok: true; address: DeliveryAddress } | { ok: false; problems: AddressProblems } {
  const parsed = billingSchemas().address.safeParse(address);
  if (parsed.success) return { ok: true, address: parsed.data };
  const { keyOf } = billingSchemas();
  const problems: AddressProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    const key = keyOf.get(issue.message);
    problems[field] ??= (key && PROBLEMS[key]) || 'billing.address.problem.field';
  }
  return { ok: false, problems };
}

const ACCOUNT_CHANGE: FailureMessages = {
  network: 'billing.error.network',
  sign_in_required: 'billing.error.sign_in_required',
  subscription_not_found: 'billing.error.subscription_not_found',
  service_unavailable: 'billing.error.service_unavailable',
  internal_error: 'billing.error.internal_error',
};

/** POST /api/account/subscriptions/{id}/delivery-address (lib/server/account/subscriptionActions.ts). */
export const ADDRESS_FAILURES: FailureMessages = {
  ...ACCOUNT_CHANGE,
  not_print: 'billing.address.error.not_print',
  subscription_ended: 'billing.address.error.subscription_ended',
  invalid_address: 'billing.address.error.invalid_address',
};
