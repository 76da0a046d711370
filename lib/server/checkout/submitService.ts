import { offerRenewalPrice } from '@/lib/pricing/offerPrice';
import { renewalTerms } from '@/lib/checkout/paymentCopy';
import { isoDate } from '@/lib/pricing/renewalDates';
import type { Offer } from '@/lib/catalogue/types';
import type { Quote } from '@/lib/pricing/quote';
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/server/db/schema';
import type { SubmitRequest, SubmitResponse } from '@/lib/checkout/submitContract';
import type { Billing } from '@/lib/checkout/billing';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import { parseExpiry } from '@/lib/payments/sandbox/cardFields';
import { PAYMENT_FAILURE_MESSAGES, type PaymentFailureCode } from '@/lib/payments/paymentErrors';
import { cardBrand, digitsOnly } from '@/lib/payments/sandbox/testCards';
import { flowKey, type CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { HttpError } from '@/lib/server/http/HttpError';
import { successPathFor } from '@/lib/journey/successPath';
import { matchesHash, sha256 } from '@/lib/server/ids';
import { isSandboxGateway, type ChargeResult, type PaymentGateway, type PaymentInput } from '@/lib/server/payments/PaymentGateway';
import { isDecline } from './abuseLimits';
import type { CheckoutLimits } from './CheckoutLimits';
import { IdempotencyStore } from './IdempotencyStore';
import { purchaseFor } from './purchase';
import { quoteCheckout } from './quoteService';
import { TransactionRepository, transactionView, type Transaction } from './TransactionRepository';
import { EMAIL_ALREADY_SUBSCRIBED_CODE } from '@/lib/payments/paymentMachine';

export interface CheckoutDeps {
  db: Kysely<Database>;
  /** The gateways of the enabled payment methods. */
  gateways: readonly PaymentGateway[];
  now: () => Date;
  /** How long a repeated submit waits for the first one of its attempt to finish. */
  waitForConcurrentMs?: number;
  /** The site's origin, for wallets that need absolute return URLs; null or absent when unknown. */
  origin?: string | null;
  /** The signed-in visitor's verified e-mail (null: not signed in), kept with the purchase. */
  buyerIdentity?: string | null;
  /** Whether the signed-in visitor already subscribes to the brand (not signed in: false). */
  alreadySubscribed?: (brandSlug: string) => Promise<boolean>;
  /** The requesting client's abuse limits (429 before anything is written or charged); absent: none. */
  limits?: Pick<CheckoutLimits, 'admitSubmit' | 'admitCard' | 'recordDecline' | 'admitConfirm'>;
}

export interface SubmitOutcome {
  response: SubmitResponse;
  /** The receipt the browser keeps to see its invoice: the transaction and the attempt's key. */
  receipt: { transactionId: string; token: string } | null;
}

/** The transaction of an attempt is named after its key, so a retried attempt finds it again. */
export const transactionIdFor = (idempotencyKey: string) => `txn_${sha256(`transaction:${idempotencyKey}`).slice(0, 24)}`;

function paymentInput(request: SubmitRequest): { input: PaymentInput; snapshot: OrderSnapshot['payment'] } {
  const payment = request.payment;
  // Besides the two card inputs, the contract admits only wallets, whose submit is their id (lib/payments/methods.ts).
  if (payment.kind !== 'sandbox-card' && payment.kind !== 'stripe-payment-method') {
    return { input: { kind: payment.kind }, snapshot: { method: payment.kind } };
  }
  if (payment.kind === 'stripe-payment-method') {
    return { input: { kind: 'stripe-payment-method', paymentMethodId: payment.paymentMethodId }, snapshot: { method: 'card', brand: 'card', last4: '' } };
  }
  const expiry = parseExpiry(payment.expiry)!;
  const number = digitsOnly(payment.number);
  return {
    input: { kind: 'sandbox-card', number, expMonth: expiry.month, expYear: expiry.year, cvc: payment.cvc },
    snapshot: { method: 'card', brand: cardBrand(number), last4: number.slice(-4) },
  };
}

/** What identifies the request of an attempt, without the card's secrets. */
function requestFingerprint(request: SubmitRequest, payment: OrderSnapshot['payment']): string {
  const { payment: _secrets, ...rest } = request;
  return sha256(JSON.stringify({ ...rest, payment: { kind: request.payment.kind, last4: payment.method === 'card' ? payment.last4 : '' } }));
}

function responseFor(result: ChargeResult, transactionId: string, returnPath: string): SubmitResponse {
  if (result.status === 'succeeded') return { status: 'succeeded', transactionId, successPath: successPathFor(returnPath) };
  if (result.status === 'requires_action') return { status: 'requires_action', transactionId, action: result.action };
  return { status: 'failed', transactionId, code: result.code, message: PAYMENT_FAILURE_MESSAGES[result.code] };
}

/** The answer of a transaction whose payment has its outcome (succeeded or failed); null while it is open. */
export function settledResponse(row: Pick<Transaction, 'id' | 'status' | 'failureCode'>, returnPath: string): SubmitResponse | null {
  if (row.status === 'succeeded') return { status: 'succeeded', transactionId: row.id, successPath: successPathFor(returnPath) };
  if (row.status !== 'failed') return null;
  const code = (row.failureCode ?? 'processing_error') as PaymentFailureCode;
  return { status: 'failed', transactionId: row.id, code, message: PAYMENT_FAILURE_MESSAGES[code] };
}

/**
 * Takes a checkout submit: prices the order again from the catalogue, checks consent and
 * address rules, then charges through the gateway once per attempt (idempotency key),
 * however many times and however concurrently the attempt is submitted, and records the
 * transaction and its outcome.
 */
/** The renewal terms the buyer agreed to, word for word as the payment step showed them. */
function consentText(offer: Offer, quote: Quote, now: Date): string {
  const terms = renewalTerms(offer, quote.lines.slice(1).map((line) => line.name), quote.total, quote.currencyCode, isoDate(now));
  return [terms.plan, ...terms.addOns].join(' ');
}


/**
 * A live purchase for an e-mail address that already has a live subscription to the brand
 * is stopped before any charge, with the offer of a sign-in link (as Ghost does): without
 * it, repeated submits bought the same subscription again and again. A visitor signed in as
 * that very address has been through the verified check above instead.
 */
async function refuseRepeatBuyer(deps: CheckoutDeps, snapshot: CatalogueSnapshot, request: SubmitRequest): Promise<void> {
  const email = request.billing.email.trim().toLowerCase();
  if (!request.livemode || deps.buyerIdentity?.toLowerCase() === email) return;
  if (!(await new TransactionRepository(deps.db).hasLiveSubscriptionForEmail(email, request.brand))) return;
  const brandName = snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug))?.brandName ?? 'this';
  throw new HttpError(
    409,
    EMAIL_ALREADY_SUBSCRIBED_CODE,
    `${request.billing.email.trim()} already has a ${brandName} subscription, so nothing was charged. Sign in to read and manage it: we can e-mail you a sign-in link.`,
  );
}

export async function submitCheckout(deps: CheckoutDeps, snapshot: CatalogueSnapshot, request: SubmitRequest): Promise<SubmitOutcome> {
  const now = deps.now();
  const { billing } = request;
  const key = request.idempotencyKey;
  const transactionId = transactionIdFor(key);
  const receipt = { transactionId, token: key };
  const { input, snapshot: paymentSnapshot } = paymentInput(request);
  const fingerprint = requestFingerprint(request, paymentSnapshot);
  const idempotency = new IdempotencyStore<SubmitResponse>(deps.db, deps.now);
  // An attempt that was answered keeps its answer, even if the catalogue or the clock
  // would now refuse it (an expired promo code, the end of the card's month).
  const answered = await idempotency.answered(key, fingerprint);
  if (answered) return { response: answered, receipt };
  // Anything else is a try that may reach a gateway: counted, or refused with a 429 before
  // anything is written or charged.
  await deps.limits?.admitSubmit(request.livemode);

  if (await deps.alreadySubscribed?.(request.brand)) {
    throw new HttpError(409, 'already_subscribed', 'You already subscribe: there is nothing more to buy. Sign in with your e-mail address to read.');
  }
  await refuseRepeatBuyer(deps, snapshot, request);
  // The gateway of the method the visitor paid with; a kind no enabled method takes is a stale form.
  const gateway = deps.gateways.find((candidate) => candidate.inputKinds.includes(input.kind));
  if (!gateway) throw new HttpError(400, 'payment_method_mismatch', 'Please enter your payment details again.');

  const priced = quoteCheckout(
    snapshot,
    {
      brand: request.brand,
      urlSlug: request.urlSlug,
      offerId: request.offerId,
      addOnIds: request.addOnIds,
      ...(request.couponCode ? { couponCode: request.couponCode } : {}),
      country: billing.country,
      ...(billing.region ? { region: billing.region } : {}),
    },
    now,
  );
  if (priced.coupon && !priced.coupon.applied) throw new HttpError(422, 'coupon_not_applicable', priced.coupon.message);

  const flow = snapshot.flowsByPath.get(flowKey(request.brand, request.urlSlug))!;
  const offer = flow.data.pageData.plans.find((plan) => plan.id === request.offerId)!;
  if (offer.isPrintOffer && !billing.address) {
    throw new HttpError(400, 'address_required', 'A print subscription needs a billing address.');
  }
  // Print goes to the delivery address, the billing address unless another was given; digital has none.
  const customer: Billing = offer.isPrintOffer
    ? { ...billing, deliveryAddress: billing.deliveryAddress ?? billing.address }
    : { ...billing, deliveryAddress: undefined };
  if (priced.autoRenewalConsentRequired && !request.autoRenewalConsent) {
    throw new HttpError(422, 'consent_required', 'Please agree to the automatic renewal terms to continue.');
  }
  if (input.kind === 'sandbox-card' && new Date(Date.UTC(input.expYear, input.expMonth, 1)) <= now) {
    throw new HttpError(400, 'card_expired', 'This card has expired.');
  }

  // Only a request that is right in every other way learns that live payments are off here
  // (a malformed one is the caller's mistake: 4xx), and only such a one counts against its card.
  if (request.livemode && isSandboxGateway(gateway.name)) {
    throw new HttpError(503, 'payments_unavailable', 'Live payments are not set up on this server. Nothing was charged.');
  }
  // The card, whatever the address it is tried from (wallets bring none: limited per address).
  const cardFingerprint = deps.limits && gateway.cardFingerprint ? await gateway.cardFingerprint(input, request.livemode) : null;
  const card = cardFingerprint ? `${gateway.name}:${cardFingerprint}` : null;
  if (card) await deps.limits?.admitCard(card, request.livemode);

  const claim = await idempotency.claim(key, fingerprint);
  if (claim.kind === 'mismatch') {
    // The attempt's first request was paid (its answer was lost, then the visitor changed
    // the form): that payment is the answer, never a second one under a new key.
    if (claim.response?.status === 'succeeded') return { response: claim.response, receipt };
    if (claim.inProgress) throw new HttpError(409, 'attempt_in_progress', 'Your payment is still being processed. Please wait a moment, then reload the page.');
    throw new HttpError(422, 'idempotency_key_reused', 'This checkout attempt was already used for a different order. Please reload the page and try again.');
  }
  if (claim.kind === 'done') return { response: claim.response, receipt };
  if (claim.kind === 'in_progress') {
    const response = await idempotency.waitForResponse(key, deps.waitForConcurrentMs ?? 15_000);
    if (!response) throw new HttpError(409, 'attempt_in_progress', 'Your payment is still being processed. Please wait a moment, then reload the page.');
    return { response, receipt };
  }

  let outcome: SubmitOutcome;
  try {
    const { quote } = priced;
    const order: OrderSnapshot = {
      offer: {
        id: offer.id,
        uuid: offer.uuid,
        name: offer.name,
        description: offer.description,
        billingInterval: offer.billingInterval,
        trialOffer: offer.trialOffer,
        trialDays: offer.trialDays,
        isPrintOffer: offer.isPrintOffer,
        renewalAmount: offerRenewalPrice(offer),
      },
      lines: quote.lines,
      taxRate: quote.taxRate,
      payment: paymentSnapshot,
      paymentStepPath: request.returnPath,
    };
    const transactions = new TransactionRepository(deps.db, deps.now);
    await transactions.create({
      id: transactionId,
      receiptTokenHash: sha256(key),
      campaignId: flow.campaignId,
      brandSlug: flow.brand_slug,
      order,
      couponCode: priced.coupon?.applied ? priced.coupon.code : null,
      gateway: gateway.name,
      livemode: request.livemode,
      source: request.source,
      customer,
      buyerIdentity: deps.buyerIdentity ?? null,
      trackingSessionId: request.trackingSessionId,
      autoRenewalConsent: priced.autoRenewalConsentRequired
        ? { text: consentText(offer, quote, now), givenAt: now.toISOString() }
        : null,
      currencyCode: quote.currencyCode,
      subtotal: quote.subtotal,
      discount: quote.discount,
      tax: quote.tax,
      total: quote.total,
    });

    // A transaction kept from an earlier try of this attempt (its answer was lost) must be
    // this order with this gateway: another method or total under the same key could charge
    // where nothing reconciles it.
    const kept = await transactions.findById(transactionId);
    if (kept && (kept.gateway !== gateway.name || kept.total !== quote.total || kept.currencyCode !== quote.currencyCode)) {
      throw new HttpError(422, 'idempotency_key_reused', 'This payment attempt was started with another payment method or total. Nothing was charged; please try again.');
    }
    // Nor another card: the invoice would name the first card while the gateway charged this one.
    if (kept && JSON.stringify(transactionView(kept).paymentMethod) !== JSON.stringify(order.payment)) {
      throw new HttpError(422, 'idempotency_key_reused', 'This payment attempt was started with another card. Nothing was charged; please try again.');
    }
    // Kept with its outcome already (the gateway's webhook or a reconciliation settled it
    // after the first try's answer was lost): that is the answer. A paid order is never
    // charged again, even once the gateway has forgotten the key (Stripe: after 24 hours),
    // nor a failed one charged where its transaction could no longer record the payment.
    const settled = kept ? settledResponse(kept, request.returnPath) : null;
    if (settled) {
      await idempotency.complete(key, settled);
      return { response: settled, receipt };
    }
    const result = await gateway.charge({
      amount: quote.total,
      currencyCode: quote.currencyCode,
      idempotencyKey: key,
      description: `${flow.brandName}: ${offer.name}`,
      customer: { email: billing.email, name: `${billing.firstName} ${billing.lastName}` },
      payment: input,
      livemode: request.livemode,
      returnUrl: request.returnPath,
      origin: deps.origin ?? null,
      purchase: purchaseFor(order.offer),
      metadata: { transactionId, campaignId: flow.campaignId },
    });
    if (result.status === 'succeeded') await transactions.markSucceeded(transactionId, result.paymentId);
    else if (result.status === 'requires_action') await transactions.markRequiresAction(transactionId, result.paymentId);
    else await transactions.markFailed(transactionId, result.paymentId, result.code);

    const response = responseFor(result, transactionId, request.returnPath);
    await idempotency.complete(key, response);
    outcome = { response, receipt };
  } catch (error) {
    // No answer was given: a retry of the attempt may try again, and the gateway's own
    // idempotency key keeps that from charging twice.
    await idempotency.release(key);
    throw error;
  }
  // Counted once the answer is kept: a failure to count cannot lose it (a retry gets it back).
  if (outcome.response.status === 'failed' && isDecline(outcome.response.code)) await deps.limits?.recordDecline(request.livemode, card);
  return outcome;
}

/**
 * Asks the gateway where an attempt's payment stands after the visitor authenticated with
 * their bank in the page (Stripe.js), and records it. Only the browser that holds the
 * attempt's key can ask.
 */
export async function confirmCheckout(deps: CheckoutDeps, idempotencyKey: string, returnPath: string): Promise<SubmitResponse> {
  await deps.limits?.admitConfirm();
  const transactionId = transactionIdFor(idempotencyKey);
  const transactions = new TransactionRepository(deps.db, deps.now);
  const row = await transactions.findById(transactionId);
  if (!row || !matchesHash(idempotencyKey, row.receiptTokenHash)) {
    throw new HttpError(404, 'attempt_not_found', 'We could not find this payment. Nothing was charged.');
  }
  const gateway = deps.gateways.find((candidate) => candidate.name === row?.gateway);
  if (row.status === 'requires_action' && row.gatewayPaymentId && gateway) {
    const result = await gateway.retrieve(row.gatewayPaymentId, row.livemode);
    if (result.status === 'succeeded') await transactions.markSucceeded(transactionId, result.paymentId);
    else if (result.status === 'failed') await transactions.markFailed(transactionId, result.paymentId, result.code);
    // The card is not known here (only the attempt's key is sent): the decline counts against the address.
    if (result.status === 'failed' && isDecline(result.code)) await deps.limits?.recordDecline(row.livemode, null);
    return responseFor(result, transactionId, returnPath);
  }
  const settled = settledResponse(row, returnPath);
  if (!settled) throw new HttpError(409, 'attempt_in_progress', 'Your payment is still being processed. Please wait a moment, then reload the page.');
  return settled;
}
