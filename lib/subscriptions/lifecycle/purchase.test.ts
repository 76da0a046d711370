import { describe, expect, it } from 'vitest';
import type { Transaction } from '@/lib/server/checkout/Transaction';
import type { RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { newSubscription } from '@/lib/server/subscriptions/newSubscription';
import { BOUGHT, subscription } from '@/tests/fixtures/lifecycleStates';
import { applyEvent, NO_DUNNING } from './lifecycle';

/** A paid purchase of the monthly digital offer (990 cents, by card), as the checkout keeps it. */
function purchase(overrides: Partial<Transaction> = {}, offer: Partial<Transaction['order']['offer']> = {}): Transaction {
  return {
    id: 'txn_1',
    receiptTokenHash: 'x',
    campaignId: 'spring',
    brandSlug: 'daily',
    offerId: 'monthly-digital',
    order: {
      offer: {
        id: 'monthly-digital',
        uuid: '5a1e0000-0000-4000-8000-000000000001',
        name: 'Digital monthly',
        description: 'Digital: every month',
        billingInterval: 'month',
        trialOffer: false,
        trialDays: null,
        isPrintOffer: false,
        renewalAmount: 990,
        ...offer,
      },
      lines: [{ offerId: 'monthly-digital', name: 'Digital monthly', amount: 990 }],
      taxRate: { rate: 0, inclusive: false, components: [{ kind: 'tax', rate: 0 }] },
      payment: { method: 'card', brand: 'visa', last4: '4242' },
    },
    couponCode: null,
    paymentMethod: 'card',
    gateway: 'sandbox',
    gatewayPaymentId: 'pi_1',
    status: 'succeeded',
    livemode: true,
    source: null,
    customer: { email: 'Reader@Example.com', firstName: 'Ada', lastName: 'Reader', country: 'DE' },
    autoRenewalConsent: { text: 'Renews every month until cancelled.', givenAt: BOUGHT },
    currencyCode: 'EUR',
    subtotal: 990,
    discount: 0,
    tax: 0,
    total: 990,
    invoiceNumber: 'INV-1',
    subscriptionId: 'sub_1',
    failureCode: null,
    buyerIdentity: 'reader@example.com',
    locale: 'en-US',
    timeZone: 'UTC',
    authenticationRequested: false,
    trackingSessionId: null,
    kind: 'purchase',
    period: null,
    createdAt: BOUGHT,
    updatedAt: BOUGHT,
    ...overrides,
  };
}

const CARD: RenewalInstrument = { kind: 'sandbox-card', paymentIntentId: 'pi_1' };
const ADDRESS = { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115' };

interface Row {
  name: string;
  purchase: Transaction;
  instrument: RenewalInstrument | null;
  billingAddressVerified: boolean;
  earlierLiveSubscription: boolean;
  /** The record's fields that tell this purchase from the plain one. */
  record: Record<string, unknown>;
  mails: string[];
}

const plain = { instrument: CARD, billingAddressVerified: false, earlierLiveSubscription: false };

const rows: Row[] = [
  {
    name: 'signed in, by card: active for a month, its owner the buyer',
    purchase: purchase(),
    ...plain,
    record: { status: 'active', ownerEmail: 'reader@example.com', currentPeriodEnd: '2026-02-10T09:00:00.000Z', needsPaymentMethod: false },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'a 30-day trial: trialing until it ends, too short for its own notice',
    purchase: purchase({}, { trialOffer: true, trialDays: 30 }),
    ...plain,
    record: {
      status: 'trialing',
      currentPeriodEnd: '2026-02-09T09:00:00.000Z',
      trialEnd: '2026-02-09T09:00:00.000Z',
      introductoryUntil: null,
    },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'a 60-day trial: its end needs a notice',
    purchase: purchase({}, { trialOffer: true, trialDays: 60 }),
    ...plain,
    record: {
      status: 'trialing',
      currentPeriodEnd: '2026-03-11T09:00:00.000Z',
      trialEnd: '2026-03-11T09:00:00.000Z',
      introductoryUntil: '2026-03-11T09:00:00.000Z',
    },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'a year at a promotional price',
    purchase: purchase({ discount: 500 }, { billingInterval: 'year' }),
    ...plain,
    record: { currentPeriodEnd: '2027-01-10T09:00:00.000Z', introductoryUntil: '2027-01-10T09:00:00.000Z' },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'signed out by an address that signed in before: its owner at once',
    purchase: purchase({ buyerIdentity: null }),
    ...plain,
    billingAddressVerified: true,
    record: { ownerEmail: 'reader@example.com', billingEmail: 'reader@example.com' },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'signed out by a new address: nobody owns it until claimed',
    purchase: purchase({ buyerIdentity: null }),
    ...plain,
    record: { ownerEmail: null },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'print, delivered to the billing address',
    purchase: purchase(
      { customer: { email: 'reader@example.com', firstName: 'A', lastName: 'R', country: 'DE', address: ADDRESS } },
      { isPrintOffer: true },
    ),
    ...plain,
    record: { isPrint: true, deliveryAddress: ADDRESS },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'nothing reusable kept: a card is needed before it renews',
    purchase: purchase(),
    ...plain,
    instrument: null,
    record: { instrument: null, needsPaymentMethod: true },
    mails: ['purchase-acknowledgment'],
  },
  {
    name: 'a second live one of the brand: told, with the undo',
    purchase: purchase(),
    ...plain,
    earlierLiveSubscription: true,
    record: {},
    mails: ['purchase-acknowledgment', 'duplicate-purchase'],
  },
];

describe('purchased', () => {
  it.each(rows)('$name', (row) => {
    const now = new Date(BOUGHT);
    const event = { kind: 'purchased', subscriptionId: 'sub_1', ...row, purchase: row.purchase } as const;
    const outcome = applyEvent(null, event, now);
    expect(outcome).toMatchObject({ kind: 'applied', changes: row.record, mails: row.mails.map((kind) => ({ kind })), nextRunAt: BOUGHT });
    // Field for field what the purchase writes today (newSubscription, its addresses kept normalised by create).
    const { nextActionAt, ...written } = newSubscription(row.purchase, 'sub_1', now, row.instrument, row.billingAddressVerified);
    expect(nextActionAt).toBe(BOUGHT);
    expect(outcome.kind === 'applied' && outcome.changes).toEqual({
      ...written,
      dunning: NO_DUNNING,
      createdAt: BOUGHT,
      updatedAt: BOUGHT,
    });
  });

  it('a subscription that exists already is not bought again', () => {
    const event = { kind: 'purchased', subscriptionId: 'sub_1', purchase: purchase(), ...plain } as const;
    expect(applyEvent(subscription(), event, new Date(BOUGHT))).toEqual({ kind: 'refused', reason: 'exists' });
  });
});
