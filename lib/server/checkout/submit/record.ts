import type { CheckoutFlow, Offer } from '@/lib/catalogue/types';
import { renewalTaxWording, renewalTerms } from '@/lib/checkout/paymentCopy';
import type { SubmitRequest, SubmitResponse } from '@/lib/checkout/submitContract';
import type { OrderSnapshot } from '@/lib/checkout/transactionView';
import { offerRenewalPrice } from '@/lib/pricing/offerPrice';
import type { Quote } from '@/lib/pricing/quote';
import { isoDate } from '@/lib/pricing/renewalDates';
import type { Kysely } from 'kysely';
import { couponRefusal } from '@/lib/catalogue/couponCheck';
import { TransactionRepository, transactionView, type Transaction } from '@/lib/server/checkout/TransactionRepository';
import { CouponRedemptionRepository } from '@/lib/server/checkout/CouponRedemptionRepository';
import { openedWith } from '@/lib/server/checkout/paidCard';
import type { Database } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/HttpError';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { sha256 } from '@/lib/server/ids';
import type { ChargeResult } from '@/lib/server/payments/PaymentGateway';
import type { SubmitAttempt } from './attempt';
import type { CheckoutDeps } from './deps';
import { settledResponse } from './responses';
import type { ValidOrder } from './validate';

/** What the transaction keeps of the order: the invoice is read from it, never from the catalogue again. */
export function orderSnapshot(order: ValidOrder, attempt: SubmitAttempt, paymentStepPath: string, origin: string | null): OrderSnapshot {
  const { offer, priced, flow } = order;
  return {
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
    lines: priced.quote.lines,
    taxRate: priced.quote.taxRate,
    taxLines: priced.quote.taxLines,
    payment: attempt.paymentSnapshot,
    paymentStepPath,
    acknowledgment: {
      brandName: flow.brandName,
      brandIdentity: flow.data.brandIdentity,
      renewalTerms: consentText(flow, offer, priced.quote, attempt.now),
      origin,
    },
  };
}

/**
 * Records the attempt's transaction before anything is charged. Returns the answer of a
 * transaction kept from an earlier try that already has its outcome; null when the charge
 * is still to be made.
 */
export async function openTransaction(
  deps: CheckoutDeps,
  request: SubmitRequest,
  attempt: SubmitAttempt,
  order: ValidOrder,
  snapshot: OrderSnapshot,
): Promise<SubmitResponse | null> {
  // One write: the order's transaction and its coupon's hold commit together, or neither.
  return deps.db.transaction().execute(async (trx) => {
    const transactions = new TransactionRepository(trx, deps.now);
    const kept = await createTransaction(deps, transactions, request, attempt, order, snapshot);
    // Kept with its outcome already (the gateway's webhook or a reconciliation settled it
    // after the first try's answer was lost): that is the answer. A paid order is never
    // charged again, even once the gateway has forgotten the key (Stripe: after 24 hours),
    // nor a failed one charged where its transaction could no longer record the payment.
    const settled = settledResponse(kept, request.returnPath, serverWords(order.flow.locale));
    if (!settled) await holdCoupon(trx, request, attempt, order);
    return settled;
  });
}

/**
 * Holds the order's coupon before anything is charged; a coupon past one of its caps
 * refuses the submit (422), and the write is undone: nothing is recorded or charged.
 */
async function holdCoupon(db: Kysely<Database>, request: SubmitRequest, attempt: SubmitAttempt, order: ValidOrder): Promise<void> {
  if (!order.coupon) return;
  const held = await new CouponRedemptionRepository(db).hold({
    transactionId: attempt.transactionId,
    coupon: order.coupon,
    livemode: request.livemode,
    email: request.billing.email,
    now: attempt.now,
  });
  if (!held.ok) {
    const refusal = couponRefusal(order.coupon.code, held.reason, order.priced.quote.currencyCode);
    const words = serverWords(order.flow.locale);
    throw new HttpError(422, 'coupon_not_applicable', words.t('promo.refused.uncharged', { refusal: words.say(refusal.message) }));
  }
}

/** Records the attempt's transaction (a retried attempt finds it again) and checks it is this order. */
async function createTransaction(
  deps: CheckoutDeps,
  transactions: TransactionRepository,
  request: SubmitRequest,
  attempt: SubmitAttempt,
  order: ValidOrder,
  snapshot: OrderSnapshot,
): Promise<Transaction> {
  const { priced, flow, offer, gateway, customer } = order;
  const { quote } = priced;
  const { now } = attempt;
  await transactions.create({
    id: attempt.transactionId,
    receiptTokenHash: sha256(attempt.key),
    campaignId: flow.campaignId,
    brandSlug: flow.brand_slug,
    order: snapshot,
    couponCode: priced.coupon?.applied ? priced.coupon.code : null,
    gateway: gateway.name,
    livemode: request.livemode,
    source: request.source,
    previewVersion: flow.preview?.version ?? null,
    experiment: flow.experiment ?? null,
    customer,
    buyerIdentity: deps.buyerIdentity ?? null,
    trackingSessionId: request.trackingSessionId,
    // The campaign's, or a language it offers that the buyer chose: the order speaks as the pages it was bought on spoke.
    locale: flow.locale,
    timeZone: request.timeZone,
    autoRenewalConsent: priced.autoRenewalConsentRequired
      ? {
          text: consentText(flow, offer, quote, now),
          givenAt: now.toISOString(),
          client: deps.client ?? { address: null, userAgent: null },
        }
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
  const kept = (await transactions.findById(attempt.transactionId))!;
  if (kept.gateway !== gateway.name || kept.total !== quote.total || kept.currencyCode !== quote.currencyCode) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This payment attempt was started with another payment method or total. Nothing was charged; please try again.',
    );
  }
  // Nor another card: the invoice would name the first card while the gateway charged this one.
  if (!openedWith({ status: kept.status, payment: transactionView(kept).paymentMethod }, snapshot.payment)) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This payment attempt was started with another card. Nothing was charged; please try again.',
    );
  }
  return kept;
}

/** Records the gateway's result on the attempt's transaction. */
export async function recordCharge(transactions: TransactionRepository, transactionId: string, result: ChargeResult): Promise<void> {
  if (result.status === 'succeeded')
    await transactions.markSucceeded(transactionId, result.paymentId, result.instrument, result.chargeId, result.card);
  else if (result.status === 'requires_action') await transactions.markRequiresAction(transactionId, result.paymentId);
  else await transactions.markFailed(transactionId, result.paymentId, result.code);
}

/**
 * The renewal terms the buyer agreed to, word for word as the payment step showed them: in
 * the campaign's locale (the page's), with the tax as the order's rate has it.
 */
export function consentText(flow: Pick<CheckoutFlow, 'locale'>, offer: Offer, quote: Quote, now: Date): string {
  const terms = renewalTerms(
    serverWords(flow.locale),
    offer,
    quote.lines.slice(1).map((line) => line.name),
    quote.total,
    quote.currencyCode,
    isoDate(now),
    renewalTaxWording(quote.taxRate),
  );
  return [terms.plan, ...terms.addOns].join(' ');
}
