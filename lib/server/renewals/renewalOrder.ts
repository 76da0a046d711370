import { createHash, randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { buildQuote, type Quote } from '@/lib/pricing/quote';
import { taxRateFor, type TaxRate } from '@/lib/pricing/tax';
import { exemptRate, vatExemptionOf, type BusinessSale } from '@/lib/pricing/reverseCharge';
import { sellerCountryOf } from '@/lib/invoices/seller';
import { TAX_RATES } from '@/lib/server/checkout/checkoutRules';
import { expressWalletOf } from '@/lib/payments/express/expressWallets';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { TransactionTable } from '@/lib/server/db/schema';
import type { RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { sha256 } from '@/lib/server/ids';
import type { Subscription } from '@/lib/server/subscriptions/Subscription';
import { renewalAmountFrom } from '@/lib/subscriptions/lifecycle/lifecycle';
import { addBillingInterval } from '@/lib/subscriptions/periods';

/** The period a renewal pays for: from the current period's end, one billing interval. */
export function renewalPeriod(subscription: Pick<Subscription, 'currentPeriodEnd' | 'billingInterval'>): { start: string; end: string } {
  const start = new Date(subscription.currentPeriodEnd);
  return { start: start.toISOString(), end: addBillingInterval(start, subscription.billingInterval).toISOString() };
}

/** One transaction (and so one invoice) per subscription and period, whoever charges it. */
export function renewalTransactionId(subscriptionId: string, periodStart: string): string {
  return `txn_r_${createHash('sha256').update(`${subscriptionId}\n${periodStart}`).digest('hex').slice(0, 24)}`;
}

/**
 * A short, stable name of what a try charges (a digest of the instrument, its fields in
 * order): the same card always has the same, another card another.
 */
export function instrumentTag(instrument: RenewalInstrument): string {
  const fields = Object.entries(instrument).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 16);
}

/**
 * What the provider is sent: the subscription, the period, the try and the card it charges.
 * The same request repeated (a killed run, an unanswered try) charges once; a card given
 * meanwhile is a new request, not the same key with other parameters, which Stripe refuses
 * and the sandbox answers with the first card's charge.
 */
export const renewalIdempotencyKey = (subscriptionId: string, periodStart: string, tries: number, instrument: RenewalInstrument): string =>
  `renewal:${subscriptionId}:${periodStart}:${tries}:${instrumentTag(instrument)}`;

/**
 * The tax a renewal is charged: a print subscription's where it is delivered now (a move to
 * another state moves its tax, a good's destination), at today's rates; a digital one keeps
 * its purchase's rate. A move keeps the country (lib/account/deliveryAddress.ts), and so
 * whether the price holds the tax. A business whose VAT number finance verified, of another
 * EU member state than its seller's, is charged none (lib/pricing/reverseCharge.ts).
 */
export function renewalTaxRate(
  subscription: Pick<Subscription, 'isPrint' | 'deliveryAddress' | 'business' | 'brandSlug' | 'locale'>,
  purchase: Pick<Transaction, 'order'>,
): TaxRate {
  const place = subscription.isPrint ? subscription.deliveryAddress : null;
  const rate = place ? taxRateFor(TAX_RATES, place.country, place.region ?? null) : purchase.order.taxRate;
  const ground = vatExemptionOf(businessSaleOf(subscription), subscription.isPrint);
  return ground ? exemptRate(rate, ground) : rate;
}

/** A subscription's renewals as a sale to its business: its company, its seller's country and where print goes. */
export const businessSaleOf = (
  subscription: Pick<Subscription, 'isPrint' | 'deliveryAddress' | 'business' | 'brandSlug' | 'locale'>,
): BusinessSale => ({
  business: subscription.business,
  sellerCountry: sellerCountryOf(subscription.brandSlug, subscription.locale),
  deliveryCountry: subscription.isPrint ? (subscription.deliveryAddress?.country ?? null) : null,
});

/** What the renewal from `periodStart` costs: its price alone, taxed as renewalTaxRate says, in the purchase's currency, no promo code. */
export function renewalQuote(subscription: Subscription, purchase: Pick<Transaction, 'order'>, periodStart: string): Quote {
  return buildQuote({
    currencyCode: subscription.currencyCode,
    items: [
      {
        id: subscription.offerId,
        name: subscription.offerName,
        totalAmount: renewalAmountFrom(subscription, periodStart),
        discountedAmount: null,
        trialOffer: false,
      },
    ],
    coupon: null,
    taxRate: renewalTaxRate(subscription, purchase),
  });
}

/**
 * A renewal's transaction, before it is charged: the purchase's order with the renewal as
 * its one line (add-ons are bought once), priced as renewalQuote prices it, no promo code. Nobody holds its receipt token: its invoice is shown in the account.
 */
export function renewalTransaction(
  subscription: Subscription,
  purchase: Transaction,
  period: { start: string; end: string },
  at: Date,
): Insertable<TransactionTable> {
  const { order } = purchase;
  const quote = renewalQuote(subscription, purchase, period.start);
  const { paymentStepPath: _notAnAttempt, ...kept } = order;
  const renewalOrder = { ...kept, lines: quote.lines, taxRate: quote.taxRate, taxLines: quote.taxLines, payment: subscription.payment };
  return {
    id: renewalTransactionId(subscription.id, period.start),
    receipt_token_hash: sha256(randomBytes(32).toString('hex')),
    campaign_id: subscription.campaignId,
    brand_slug: subscription.brandSlug,
    offer_id: subscription.offerId,
    order_json: JSON.stringify(renewalOrder),
    coupon_code: null,
    payment_method: subscription.paymentMethod,
    express_wallet: expressWalletOf(subscription.payment),
    gateway: subscription.gateway,
    gateway_payment_id: null,
    status: 'processing',
    livemode: subscription.livemode ? 1 : 0,
    source: null,
    customer_json: JSON.stringify(renewalCustomer(subscription, purchase)),
    auto_renewal_consent_json: null,
    currency_code: quote.currencyCode,
    subtotal: quote.subtotal,
    discount: quote.discount,
    tax: quote.tax,
    total: quote.total,
    invoice_number: null,
    subscription_id: null,
    renewal_of: subscription.id,
    failure_code: null,
    customer_email: subscription.billingEmail,
    buyer_identity: subscription.ownerEmail,
    tracking_session_id: null,
    locale: subscription.locale,
    time_zone: subscription.timeZone,
    kind: 'renewal',
    period_start: period.start,
    period_end: period.end,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

/**
 * Whom a renewal is billed to: as bought, delivered (and so taxed) where the subscription goes
 * now, to the company the subscription names now (its subscriber may have changed it).
 */
export function renewalCustomer(subscription: Subscription, purchase: Transaction): Transaction['customer'] {
  const { company: _asBought, ...customer } = purchase.customer;
  const { business } = subscription;
  return {
    ...customer,
    ...(subscription.isPrint && subscription.deliveryAddress ? { deliveryAddress: subscription.deliveryAddress } : {}),
    ...(business ? { company: { name: business.companyName, ...(business.vatNumber ? { vatNumber: business.vatNumber } : {}) } } : {}),
  };
}
