import type { BillingInterval } from '@/lib/catalogue/types';
import type { CurrencyCode } from '@/lib/pricing/currencies';
import type { Purchase } from '@/lib/server/payments/PaymentGateway';
import { toPayPalMoney, toPayPalValue } from './paypalMoney';
import type { PayPalBillingCycle, PayPalIntervalUnit, PayPalPlanRequest, PayPalProductRequest } from './paypalTypes';

/**
 * Where the PayPal plan made for an offer is remembered, so that it is made once and every
 * later subscription to the same offer reuses it. Keys come from planShapeFor (they name the
 * mode, offer, currency, interval, renewal amount and first cycle); values are PayPal plan ids.
 * Implemented on the database in production; InMemoryPlanStore below serves tests.
 */
export interface PlanStore {
  get(key: string): Promise<string | null>;
  put(key: string, planId: string): Promise<void>;
}

export class InMemoryPlanStore implements PlanStore {
  readonly plans = new Map<string, string>();

  async get(key: string): Promise<string | null> {
    return this.plans.get(key) ?? null;
  }

  async put(key: string, planId: string): Promise<void> {
    this.plans.set(key, planId);
  }
}

/** A purchase that renews: only those become PayPal subscriptions. */
export type RenewingPurchase = Purchase & { renewal: NonNullable<Purchase['renewal']> };

/**
 * How the first billing period differs from the renewals:
 * - `regular`: it does not (no trial, no discount): the plan has one REGULAR cycle.
 * - `trial`: a trial of `days` days priced `amount` (0: free), then the renewals.
 * - `intro`: one interval at `amount` (a promo code's discount, 0 for 100 %), then the renewals.
 */
export type FirstCycle = { kind: 'regular' } | { kind: 'trial'; days: number; amount: number } | { kind: 'intro'; amount: number };

export function firstCycleFor(purchase: RenewingPurchase, amountToday: number): FirstCycle {
  if (purchase.trialDays !== null) return { kind: 'trial', days: purchase.trialDays, amount: amountToday };
  return amountToday === purchase.renewal.amount ? { kind: 'regular' } : { kind: 'intro', amount: amountToday };
}

/** What to create at PayPal for a purchase, and the PlanStore key it is remembered under. */
export interface PlanShape {
  key: string;
  product: PayPalProductRequest;
  plan(productId: string): PayPalPlanRequest;
}

const INTERVAL_UNIT: Readonly<Record<BillingInterval, PayPalIntervalUnit>> = { month: 'MONTH', year: 'YEAR' };

/** PayPal caps plan and product names at 127 characters. */
const clip = (text: string, max = 127) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The plan for a renewing purchase. Why today's price lives in the plan, not in an override:
 *
 * PayPal's v1 Subscriptions API can price the first period two ways: a TRIAL billing cycle in
 * the plan, or a subscription-level `plan.billing_cycles` override. The override "has to
 * adhere to the plan billing cycle definition": it may reprice or recount a cycle the plan
 * already has, never add one or change its length, so the plan would need the TRIAL cycle
 * anyway. And overrides are a permission PayPal grants per account: accounts without it are
 * refused with 403 NOT_AUTHORIZED "Billing Plan Override is not allowed due to insufficient
 * permissions" (paypal/paypal-js#437, paypal/react-paypal-js#386). So the plan itself carries
 * the first period: a TRIAL cycle (sequence 1, total_cycles 1) of `trialDays` days, or of one
 * interval for a discounted first period, at today's amount (no pricing_scheme when free,
 * as PayPal documents free trials), then a REGULAR cycle (sequence 2, total_cycles 0 =
 * forever) at the renewal amount. Today's amount and the trial length are therefore part of
 * the plan key: each distinct promo price makes one more plan, once.
 */
export function planShapeFor(purchase: RenewingPurchase, amountToday: number, currency: CurrencyCode, livemode: boolean): PlanShape {
  const { interval, amount: renewalAmount } = purchase.renewal;
  const first = firstCycleFor(purchase, amountToday);
  const firstKey =
    first.kind === 'regular' ? 'regular' : first.kind === 'trial' ? `trial-${first.days}d-${first.amount}` : `intro-${first.amount}`;
  const key = [
    'paypal-plan',
    'v1',
    livemode ? 'live' : 'test',
    encodeURIComponent(purchase.offerId),
    currency,
    interval,
    renewalAmount,
    firstKey,
  ].join(':');

  const unit = INTERVAL_UNIT[interval];
  const regular = (sequence: number): PayPalBillingCycle => ({
    frequency: { interval_unit: unit, interval_count: 1 },
    tenure_type: 'REGULAR',
    sequence,
    total_cycles: 0,
    pricing_scheme: { fixed_price: toPayPalMoney(renewalAmount, currency) },
  });
  const trial = (frequency: PayPalBillingCycle['frequency'], amount: number): PayPalBillingCycle => ({
    frequency,
    tenure_type: 'TRIAL',
    sequence: 1,
    total_cycles: 1,
    ...(amount > 0 ? { pricing_scheme: { fixed_price: toPayPalMoney(amount, currency) } } : {}),
  });
  const billingCycles =
    first.kind === 'regular'
      ? [regular(1)]
      : first.kind === 'trial'
        ? [trial({ interval_unit: 'DAY', interval_count: first.days }, first.amount), regular(2)]
        : [trial({ interval_unit: unit, interval_count: 1 }, first.amount), regular(2)];

  const price = `${toPayPalValue(renewalAmount, currency)} ${currency}/${interval}`;
  const opening =
    first.kind === 'regular'
      ? ''
      : first.kind === 'trial'
        ? `, ${first.days}-day trial at ${toPayPalValue(first.amount, currency)}`
        : `, first ${interval} at ${toPayPalValue(first.amount, currency)}`;
  const name = clip(`${purchase.name} (${price}${opening})`);
  return {
    key,
    // SERVICE: a subscription to content, whether digital or print; PayPal asks for no shipping either way (NO_SHIPPING).
    product: { name: clip(purchase.name), type: 'SERVICE', description: clip(`Subscription: ${purchase.name}`, 256) },
    plan: (productId) => ({
      product_id: productId,
      name,
      status: 'ACTIVE',
      billing_cycles: billingCycles,
      // Dunning (payment_failure_threshold) is left at PayPal's account default: a business decision, not this module's.
      payment_preferences: { auto_bill_outstanding: true },
    }),
  };
}
