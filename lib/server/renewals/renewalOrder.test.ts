import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { testDb } from '@/tests/fixtures/testDb';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { taxLinesOn, type TaxRate } from '@/lib/pricing/tax';
import {
  instrumentTag,
  renewalCustomer,
  renewalIdempotencyKey,
  renewalPeriod,
  renewalTaxRate,
  renewalTransaction,
  renewalTransactionId,
} from './renewalOrder';
import { QUEBEC_TAX } from '@/tests/fixtures/taxRates';

const US_SALES_TAX: TaxRate = { rate: 0.08875, inclusive: false, components: [{ kind: 'sales-tax', rate: 0.08875 }] };
const AT_VAT: TaxRate = { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] };
const UK_VAT: TaxRate = { rate: 0.2, inclusive: true, components: [{ kind: 'vat', rate: 0.2 }] };
const AT = new Date('2027-11-26T10:00:00.000Z');

let db: Kysely<Database>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** A paid Vogue Digital purchase ($50.00 a year on renewal) bought with a promo code, at `taxRate`; its subscription and purchase. */
async function purchased(id: string, taxRate: TaxRate) {
  const transactions = new TransactionRepository(db);
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    gateway: 'sandbox',
    couponCode: 'WELCOME10',
    discount: 250,
    order: {
      ...base.order,
      taxRate,
      taxLines: taxLinesOn(base.subtotal - 250, taxRate),
      paymentStepPath: '/vogue/demo-single/credit-card?livemode=false',
    },
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  const purchase = (await transactions.findById(id))!;
  const subscription = (await new SubscriptionRepository(db).findById(purchase.subscriptionId!))!;
  return { purchase, subscription };
}

describe('renewalPeriod', () => {
  it('runs one billing interval from the current period’s end', () => {
    expect(renewalPeriod({ currentPeriodEnd: '2026-11-26T10:00:00.000Z', billingInterval: 'month' })).toEqual({
      start: '2026-11-26T10:00:00.000Z',
      end: '2026-12-26T10:00:00.000Z',
    });
    expect(renewalPeriod({ currentPeriodEnd: '2026-11-26T10:00:00.000Z', billingInterval: 'year' })).toEqual({
      start: '2026-11-26T10:00:00.000Z',
      end: '2027-11-26T10:00:00.000Z',
    });
  });

  it('ends a month from 31 January on the last day of February', () => {
    expect(renewalPeriod({ currentPeriodEnd: '2027-01-31T08:00:00.000Z', billingInterval: 'month' }).end).toBe('2027-02-28T08:00:00.000Z');
    expect(renewalPeriod({ currentPeriodEnd: '2028-01-31T08:00:00.000Z', billingInterval: 'month' }).end).toBe('2028-02-29T08:00:00.000Z');
  });
});

describe('renewalTransactionId', () => {
  it('is the same for the same subscription and period, whoever computes it', () => {
    expect(renewalTransactionId('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z')).toBe(
      renewalTransactionId('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z'),
    );
    expect(renewalTransactionId('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z')).toMatch(/^txn_r_[0-9a-f]{24}$/);
  });

  it('differs for another period or another subscription', () => {
    const ids = new Set([
      renewalTransactionId('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z'),
      renewalTransactionId('sub_aaaaaaaaaaaaaaaa', '2027-11-26T10:00:00.000Z'),
      renewalTransactionId('sub_bbbbbbbbbbbbbbbb', '2026-11-26T10:00:00.000Z'),
    ]);
    expect(ids.size).toBe(3);
  });
});

describe('renewalIdempotencyKey', () => {
  const card = { kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_1' } as const;

  it('names the subscription, the period, the try and the card it charges', () => {
    expect(renewalIdempotencyKey('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z', 2, card)).toBe(
      `renewal:sub_aaaaaaaaaaaaaaaa:2026-11-26T10:00:00.000Z:2:${instrumentTag(card)}`,
    );
    expect(instrumentTag(card)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is the same for the same card, whatever the order of its fields (a repeat charges once)', () => {
    const reordered = { paymentMethodId: 'pm_1', kind: 'stripe', customerId: 'cus_1' } as const;
    expect(renewalIdempotencyKey('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z', 2, reordered)).toBe(
      renewalIdempotencyKey('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z', 2, card),
    );
  });

  it('is another for another card on the same try (a card changed after an unanswered try is a new request)', () => {
    const keys = new Set([
      renewalIdempotencyKey('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z', 2, card),
      renewalIdempotencyKey('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z', 2, { ...card, paymentMethodId: 'pm_2' }),
      renewalIdempotencyKey('sub_aaaaaaaaaaaaaaaa', '2026-11-26T10:00:00.000Z', 2, { kind: 'sandbox-card', paymentIntentId: 'pm_1' }),
    ]);
    expect(keys.size).toBe(3);
  });
});

describe('renewalTransaction', () => {
  it('adds an exclusive (US-style) tax to the renewal price, with no promo code', async () => {
    const { purchase, subscription } = await purchased('txn_us', US_SALES_TAX);
    const period = renewalPeriod(subscription);
    const row = renewalTransaction(subscription, purchase, period, AT);
    // $50.00 + 8.875% = $54.44 (443.75 cents of tax, rounded): the promo code of the purchase is not applied again.
    expect(row).toMatchObject({ subtotal: 5000, discount: 0, tax: 444, total: 5444, coupon_code: null, currency_code: 'USD' });
    const order = JSON.parse(row.order_json);
    expect(order.taxRate).toEqual(US_SALES_TAX);
    expect(order.lines).toEqual([{ offerId: '1001', name: 'Vogue Digital', amount: 5000 }]);
  });

  it("adds Quebec's GST and QST to the renewal price, each on it, and keeps the renewal's own lines", async () => {
    const { purchase, subscription } = await purchased('txn_qc', QUEBEC_TAX);
    const row = renewalTransaction(subscription, purchase, renewalPeriod(subscription), AT);
    // $50.00: GST 250, QST 498.75.
    expect(row).toMatchObject({ subtotal: 5000, discount: 0, tax: 749, total: 5749 });
    expect(JSON.parse(row.order_json).taxLines).toEqual([
      { kind: 'gst', rate: 0.05, amount: 250 },
      { kind: 'qst', rate: 0.09975, amount: 499 },
    ]);
  });

  it('keeps an inclusive (VAT-style) tax inside the renewal price', async () => {
    const { purchase, subscription } = await purchased('txn_gb', UK_VAT);
    const row = renewalTransaction(subscription, purchase, renewalPeriod(subscription), AT);
    // £50.00 including 20% VAT: 833 of it is tax, the total stays 5000.
    expect(row).toMatchObject({ subtotal: 5000, discount: 0, tax: 833, total: 5000, coupon_code: null });
  });

  it("taxes a print subscription's renewal where it is delivered now: a move from Texas to New York moves its tax", async () => {
    const { purchase, subscription } = await purchased('txn_print', US_SALES_TAX);
    const texas = { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' };
    const inTexas = { ...subscription, isPrint: true, deliveryAddress: texas };
    // Texas's 6.25 % (data/tax-rates.json), not the 8.875 % the purchase was charged where it was billed.
    expect(renewalTransaction(inTexas, purchase, renewalPeriod(subscription), AT)).toMatchObject({ subtotal: 5000, tax: 313, total: 5313 });
    const moved = { ...inTexas, deliveryAddress: { ...texas, city: 'Albany', postalCode: '12207', region: 'NY' } };
    const row = renewalTransaction(moved, purchase, renewalPeriod(subscription), AT);
    // New York has no rate in the demo's table: no tax.
    expect(row).toMatchObject({ subtotal: 5000, tax: 0, total: 5000 });
    expect(JSON.parse(row.order_json).taxRate).toEqual(renewalTaxRate(moved, purchase));
    // A digital subscription keeps its purchase's rate.
    expect(renewalTaxRate(subscription, purchase)).toEqual(US_SALES_TAX);
  });

  it('charges a verified business of another member state no VAT, at the price net of the VAT it holds, once finance verified its number', async () => {
    const { purchase, subscription } = await purchased('txn_at_business', AT_VAT);
    // GQ in Germany is sold by the German seller (data/sellers.json); the buyer is an Austrian company.
    const austrian = { companyName: 'Acme GmbH', vatNumber: 'ATU12345678', country: 'AT', vatStatus: 'unverified' as const };
    const sold = { ...subscription, brandSlug: 'gq', locale: 'de-DE', business: austrian };
    // Unverified: VAT is charged as for any buyer.
    expect(renewalTransaction(sold, purchase, renewalPeriod(subscription), AT)).toMatchObject({ subtotal: 5000, tax: 833, total: 5000 });
    const verified = { ...sold, business: { ...austrian, vatStatus: 'verified' as const } };
    const row = renewalTransaction(verified, purchase, renewalPeriod(subscription), AT);
    // €50.00 including 20 % VAT: €41.67 net, no VAT.
    expect(row).toMatchObject({ subtotal: 4167, discount: 0, tax: 0, total: 4167 });
    const order = JSON.parse(row.order_json);
    expect(order.taxRate).toEqual({
      rate: 0,
      inclusive: false,
      components: [{ kind: 'vat', rate: 0 }],
      exemption: { ground: 'reverse-charge', includedRate: 0.2 },
    });
    expect(order.lines).toEqual([{ offerId: '1001', name: 'Vogue Digital', amount: 4167 }]);
    // A German company of the German seller keeps its VAT, verified or not.
    const german = { ...verified, business: { ...verified.business, country: 'DE', vatNumber: 'DE123456789' } };
    expect(renewalTaxRate(german, purchase)).toEqual(AT_VAT);
    // Print delivered in Austria is an exempt intra-Community supply of goods (Austria has no rate in the demo's table: none to take out).
    const vienna = { line1: 'Stephansplatz 1', city: 'Wien', postalCode: '1010', country: 'AT' };
    expect(renewalTaxRate({ ...verified, isPrint: true, deliveryAddress: vienna }, purchase).exemption).toEqual({
      ground: 'intra-community-supply',
      includedRate: 0,
    });
  });

  it('is a renewal of the subscription for its period, not a purchase that starts one, and can be stored', async () => {
    const { purchase, subscription } = await purchased('txn_row', US_SALES_TAX);
    const period = renewalPeriod(subscription);
    const row = renewalTransaction(subscription, purchase, period, AT);
    expect(row).toMatchObject({
      id: renewalTransactionId(subscription.id, period.start),
      kind: 'renewal',
      renewal_of: subscription.id,
      subscription_id: null,
      period_start: period.start,
      period_end: period.end,
      status: 'processing',
      invoice_number: null,
      gateway_payment_id: null,
      failure_code: null,
      livemode: 0,
      gateway: 'sandbox',
      created_at: AT.toISOString(),
    });
    // Not the checkout's attempt: nothing may send a visitor back to its payment step.
    expect(JSON.parse(row.order_json)).not.toHaveProperty('paymentStepPath');
    expect(JSON.parse(row.order_json).payment).toEqual(subscription.payment);
    await db.insertInto('transactions').values(row).execute();
    expect(await new TransactionRepository(db).findById(row.id!)).toMatchObject({
      kind: 'renewal',
      subscriptionId: subscription.id,
      period,
      couponCode: null,
    });
  });

  it('gives every renewal a receipt token of its own, which nobody holds', async () => {
    const { purchase, subscription } = await purchased('txn_token', US_SALES_TAX);
    const period = renewalPeriod(subscription);
    const [a, b] = [renewalTransaction(subscription, purchase, period, AT), renewalTransaction(subscription, purchase, period, AT)];
    expect(a.receipt_token_hash).not.toBe(purchase.receiptTokenHash);
    expect(a.receipt_token_hash).not.toBe(b.receipt_token_hash);
  });
});

describe('renewalCustomer', () => {
  it('bills a renewal to the company the subscription names now, not the one it was bought for', async () => {
    const { purchase, subscription } = await purchased('txn_company', UK_VAT);
    const bought = { ...purchase, customer: { ...purchase.customer, company: { name: 'Acme Ltd', vatNumber: 'GB123456789' } } };
    const renamed = {
      ...subscription,
      business: { companyName: 'Acme Holdings Ltd', vatNumber: null, country: 'GB', vatStatus: null },
    };
    expect(renewalCustomer(renamed, bought).company).toEqual({ name: 'Acme Holdings Ltd' });
    expect(renewalCustomer({ ...subscription, business: null }, bought)).not.toHaveProperty('company');
  });
});
