import type { Billing } from '@/lib/checkout/billing';
import { deliveryAddressOf } from '@/lib/checkout/deliveryAddressOf';
import { normalVatNumber } from '@/lib/pricing/vatNumbers';
import type { SubmitRequest } from '@/lib/checkout/submitContract';
import { HttpError } from '@/lib/server/http/HttpError';
import { isSandboxGateway, type PaymentGateway, type PaymentInput } from '@/lib/server/payments/PaymentGateway';
import type { PricedOrder } from './price';

/** A priced order that keeps the checkout's rules, with who pays through which gateway. */
export interface ValidOrder extends PricedOrder {
  gateway: PaymentGateway;
  customer: Billing;
}

/** The gateway of the method the visitor paid with; a kind no enabled method takes is a stale form. */
export function gatewayFor(gateways: readonly PaymentGateway[], payment: PaymentInput): PaymentGateway {
  const gateway = gateways.find((candidate) => candidate.inputKinds.includes(payment.kind));
  if (!gateway) throw new HttpError(400, 'payment_method_mismatch', 'Please enter your payment details again.');
  return gateway;
}

/** Checks the address, consent and card rules of a priced order (4xx), then that it can be paid here (503). */
export function validateOrder(
  request: SubmitRequest,
  order: PricedOrder,
  gateway: PaymentGateway,
  payment: PaymentInput,
  now: Date,
): ValidOrder {
  const { billing } = request;
  const { priced, offer } = order;
  if (request.expressWallet && payment.kind !== 'sandbox-card' && payment.kind !== 'stripe-payment-method') {
    throw new HttpError(400, 'express_wallet_mismatch', 'Apple Pay, Google Pay and Link pay by card: this payment is not a card payment.');
  }
  if (offer.isPrintOffer && !billing.address) {
    throw new HttpError(400, 'address_required', 'A print subscription needs a billing address.');
  }
  // Print goes to the delivery address, the billing address unless another was given; digital has none.
  // It is kept with its country and region: a delivery address given without them is in the billing country.
  const delivered: Billing = offer.isPrintOffer
    ? { ...billing, deliveryAddress: deliveryAddressOf(billing)! }
    : { ...billing, deliveryAddress: undefined };
  // A business's VAT number as VIES writes it (the schema checked its shape); kept unverified.
  const customer: Billing = billing.company ? { ...delivered, company: companyOf(billing.country, billing.company) } : delivered;
  if (priced.autoRenewalConsentRequired && !request.autoRenewalConsent) {
    throw new HttpError(422, 'consent_required', 'Please agree to the automatic renewal terms to continue.');
  }
  if (payment.kind === 'sandbox-card' && new Date(Date.UTC(payment.expYear, payment.expMonth, 1)) <= now) {
    throw new HttpError(400, 'card_expired', 'This card has expired.');
  }

  // Only a request that is right in every other way learns that live payments are off here
  // (a malformed one is the caller's mistake: 4xx), and only such a one counts against its card.
  if (request.livemode && isSandboxGateway(gateway.name)) {
    throw new HttpError(503, 'payments_unavailable', 'Live payments are not set up on this server. Nothing was charged.');
  }
  return { ...order, gateway, customer };
}

/** The company as kept: its name, and its VAT number normalised ("de 123 456 789" is DE123456789), none if none was given. */
function companyOf(country: string, company: NonNullable<Billing['company']>): NonNullable<Billing['company']> {
  const vatNumber = company.vatNumber ? normalVatNumber(country, company.vatNumber) : null;
  return { name: company.name, ...(vatNumber ? { vatNumber } : {}) };
}
