import { RENEWED_BY_US, type RenewalDeclaration } from '@/lib/payments/renewalDeclaration';
import type { GatewayName, PaymentGateway, RenewalInstrument } from './PaymentGateway';
import { SERVER_RENEWALS } from './renewalRegistry';
import type { ServerRenewalDeclaration } from './ServerRenewalDeclaration';

// Read from the registry at each call: nothing here names a provider, and a new one is
// found as soon as the registry lists it.

const declared = (): readonly ServerRenewalDeclaration[] => SERVER_RENEWALS;

const ofGateway = (gateway: string): ServerRenewalDeclaration | undefined =>
  declared().find((declaration) => (declaration.gateways as readonly string[]).includes(gateway));

/** How the subscriptions a gateway took renew; a gateway no method declares renews as a card does (ours). */
export const renewalOfGateway = (gateway: string): RenewalDeclaration => ofGateway(gateway)?.renewal ?? RENEWED_BY_US;

/** How a payment method's subscriptions renew; a method that declares nothing renews as a card does (ours). */
export const renewalOfMethod = (method: string): RenewalDeclaration =>
  declared().find((declaration) => declaration.method === method)?.renewal ?? RENEWED_BY_US;

/**
 * What renews a payment whose gateway did not say: the sandbox's payments and a PayPal
 * subscription are themselves what a renewal (or a cancellation) names; null where only the
 * gateway can tell (its declaration says which).
 */
export const instrumentFromPayment = (gateway: GatewayName, paymentId: string): RenewalInstrument | null =>
  ofGateway(gateway)?.instrumentFromPayment(gateway, paymentId) ?? null;

/** The saved card the bank's check of a held renewal can be done with in the page; null where the instrument has none. */
export function savedCardOf(instrument: RenewalInstrument | null): string | null {
  if (!instrument) return null;
  for (const declaration of declared()) {
    const card = declaration.savedCardOf?.(instrument);
    if (card) return card;
  }
  return null;
}

/** Whether the provider behind a gateway renews its subscriptions by itself (its declaration says so): its events move our record. */
export const renewedByProvider = (gateway: string): boolean => renewalOfGateway(gateway).scheduledBy === 'provider';

/**
 * A gateway whose provider renews by itself and which we stop and start again: our engine
 * never charges its renewals, it only pauses, resumes and cancels them.
 */
export const renewsByItself = (
  gateway: PaymentGateway | undefined,
): gateway is PaymentGateway & Required<Pick<PaymentGateway, 'pauseRenewals' | 'resumeRenewals'>> =>
  gateway !== undefined && renewedByProvider(gateway.name) && Boolean(gateway.pauseRenewals && gateway.resumeRenewals);
