import { billingSchemas } from '@/lib/checkout/billing';
import type { MessageKey } from '@/lib/i18n/messageKey';
import { SIGNED_IN_FAILURES, type FailureMessages } from './apiFailure';

export type DeliveryAddress = { line1: string; city: string; postalCode: string };
export type AddressField = keyof DeliveryAddress;

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
    // The checkout's own words (lib/checkout/billing.ts): the address page carries the payment step's namespace.
    problems[field] ??= key?.id ?? 'billing.address.problem.field';
  }
  return { ok: false, problems };
}

/** POST /api/account/subscriptions/{id}/delivery-address (lib/server/account/subscriptionActions.ts). */
export const ADDRESS_FAILURES: FailureMessages = {
  ...SIGNED_IN_FAILURES,
  not_print: 'billing.address.error.not_print',
  subscription_ended: 'billing.address.error.subscription_ended',
  invalid_address: 'billing.address.error.invalid_address',
};
