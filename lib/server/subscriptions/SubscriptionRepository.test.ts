import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { IdentityRepository } from '@/lib/server/identity/IdentityRepository';
import { historyOf } from './subscriptionHistory';
import { SubscriptionRepository } from './SubscriptionRepository';
import { MAX_PROVIDER_TRIES } from '@/lib/subscriptions/lifecycle/lifecycle';
import { writeEvent } from './writeEvent';

let db: Kysely<Database>;
let clock: Date;
const now = () => clock;

beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-26T10:00:00.000Z');
});
afterEach(async () => db.destroy());

const transactions = () => new TransactionRepository(db, now);
const subscriptions = () => new SubscriptionRepository(db, now);

async function paid(id: string, overrides: Parameters<typeof newTransactionFixture>[0] | object = {}, paymentId = `pi_${id}`) {
  await transactions().create(newTransactionFixture({ id, ...overrides }));
  await transactions().markSucceeded(id, paymentId);
  return (await transactions().findById(id))!;
}

describe('the subscription a paid order starts', () => {
  it('is written with the paid order: its plan, owner, period, renewal price, payment and consent', async () => {
    const consent = {
      text: 'Your subscription then renews…',
      givenAt: clock.toISOString(),
      client: { address: '203.0.113.9', userAgent: 'UA' },
    };
    const order = await paid('txn_1', {
      livemode: true,
      buyerIdentity: 'Ada@Example.com',
      autoRenewalConsent: consent,
      gateway: 'sandbox',
    });
    const subscription = await subscriptions().findByTransaction('txn_1');
    expect(subscription).toMatchObject({
      id: order.subscriptionId,
      brandSlug: 'vogue',
      offerId: '1001',
      offerName: 'Vogue Digital',
      ownerEmail: 'ada@example.com',
      billingEmail: 'ada@example.com',
      livemode: true,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: '2026-11-26T10:00:00.000Z',
      currentPeriodEnd: '2027-11-26T10:00:00.000Z',
      trialEnd: null,
      renewalAmount: 5000,
      currencyCode: 'USD',
      billingInterval: 'year',
      paymentMethod: 'card',
      payment: { method: 'card', brand: 'visa', last4: '4242' },
      instrument: { kind: 'sandbox-card', paymentIntentId: 'pi_txn_1' },
      needsPaymentMethod: false,
      consent,
    });
  });

  it('is written once however often the payment is reported, and never for a failed one', async () => {
    await paid('txn_1');
    await transactions().markSucceeded('txn_1', 'pi_txn_1');
    await transactions().create(newTransactionFixture({ id: 'txn_2' }));
    await transactions().markFailed('txn_2', 'pi_2', 'generic_decline');
    expect(await db.selectFrom('subscriptions').select('transaction_id').execute()).toEqual([{ transaction_id: 'txn_1' }]);
  });

  it('keeps what the gateway reported renews it, and marks a card payment that reported nothing as needing a card', async () => {
    await transactions().create(newTransactionFixture({ id: 'txn_saved' }));
    await transactions().markSucceeded('txn_saved', 'pi_saved', { kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_1' });
    await paid('txn_unsaved');
    expect(await subscriptions().findByTransaction('txn_saved')).toMatchObject({
      instrument: { kind: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_1' },
      needsPaymentMethod: false,
    });
    expect(await subscriptions().findByTransaction('txn_unsaved')).toMatchObject({ instrument: null, needsPaymentMethod: true });
  });

  it('starts a trial as trialing until the trial ends, and keeps a print delivery address', async () => {
    await paid('txn_trial', { order: { ...newTransactionFixture({ id: 'x' }).order, offer: ORDERED_OFFERS.wiredTrial } });
    expect(await subscriptions().findByTransaction('txn_trial')).toMatchObject({
      status: 'trialing',
      trialEnd: '2026-12-26T10:00:00.000Z',
      currentPeriodEnd: '2026-12-26T10:00:00.000Z',
    });
    const address = { line1: '1 Main Street', city: 'New York', postalCode: '10001' };
    await paid('txn_print', {
      order: { ...newTransactionFixture({ id: 'x' }).order, offer: ORDERED_OFFERS.newYorkerPrint },
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Reader', country: 'US', region: 'NY', deliveryAddress: address },
    });
    expect(await subscriptions().findByTransaction('txn_print')).toMatchObject({ isPrint: true, deliveryAddress: address });
  });

  it('is owned at once when bought signed out by an address that has signed in before; by nobody otherwise', async () => {
    await new IdentityRepository(db).userFor('ada@example.com', clock);
    const customer = (email: string) => ({ ...newTransactionFixture({ id: 'x' }).customer, email });
    await paid('txn_known', { buyerIdentity: null, customer: customer('Ada@Example.com') });
    await paid('txn_unknown', { buyerIdentity: null, customer: customer('cy@example.com') });
    await paid('txn_signed_in', { buyerIdentity: 'bob@example.com', customer: customer('ada@example.com') });
    expect(await subscriptions().findByTransaction('txn_known')).toMatchObject({ ownerEmail: 'ada@example.com' });
    expect(await subscriptions().findByTransaction('txn_unknown')).toMatchObject({ ownerEmail: null });
    // Bought signed in, it is its buyer's, whoever the billing address is.
    expect(await subscriptions().findByTransaction('txn_signed_in')).toMatchObject({ ownerEmail: 'bob@example.com' });
  });

  it('is not written when the order cannot be, and the order is not paid without it', async () => {
    await transactions().create(newTransactionFixture({ id: 'txn_1' }));
    // A subscription row in the way (the same id cannot be made twice): the whole payment record rolls back.
    // Its test clocks first: their foreign key holds on to it (PostgreSQL would not drop it).
    await db.schema.dropTable('subscription_test_clocks').execute();
    await db.schema.dropTable('subscriptions').execute();
    await expect(transactions().markSucceeded('txn_1', 'pi_1')).rejects.toThrow();
    expect(await transactions().findById('txn_1')).toMatchObject({ status: 'processing', invoiceNumber: null, subscriptionId: null });
  });
});

describe('who subscribes, read from the records', () => {
  it('makes a verified owner of a live subscription a subscriber, never a test-mode buyer', async () => {
    await paid('txn_live', { livemode: true, buyerIdentity: 'ada@example.com' });
    await paid('txn_test', { livemode: false, buyerIdentity: 'bob@example.com' });
    expect(await subscriptions().ownsLiveSubscription('ADA@example.com', 'vogue')).toBe(true);
    expect(await subscriptions().ownsLiveSubscription('ada@example.com', 'wired')).toBe(false);
    expect(await subscriptions().ownsLiveSubscription('bob@example.com', 'vogue')).toBe(false);
  });

  it('never makes a subscriber of an address that was only typed as the billing address', async () => {
    await paid('txn_live', { livemode: true, customer: { email: 'Cy@example.com', firstName: 'C', lastName: 'Y', country: 'GB' } });
    expect(await subscriptions().ownsLiveSubscription('cy@example.com', 'vogue')).toBe(false);
  });

  it('tells what an identity may read now, and until when', async () => {
    const order = await paid('txn_live', { livemode: true, buyerIdentity: 'ada@example.com' });
    expect(await subscriptions().entitlement('ada@example.com', 'vogue', true)).toEqual({
      access: true,
      until: '2027-11-26T10:00:00.000Z',
      renews: true,
    });
    expect(await subscriptions().entitlement('ada@example.com', 'vogue', false)).toEqual({ access: false, until: null, renews: false });
    await db.updateTable('subscriptions').set({ cancel_at_period_end: 1 }).where('id', '=', order.subscriptionId!).execute();
    expect(await subscriptions().entitlement('ada@example.com', 'vogue', true)).toMatchObject({ access: true, renews: false });
    clock = new Date('2027-11-26T10:00:00.000Z');
    expect(await subscriptions().entitlement('ada@example.com', 'vogue', true)).toEqual({ access: false, until: null, renews: false });
  });

  it('lists an owner’s subscriptions, test-mode ones only when asked for', async () => {
    await paid('txn_live', { livemode: true, buyerIdentity: 'ada@example.com' });
    await paid('txn_test', { livemode: false, buyerIdentity: 'ada@example.com' });
    expect((await subscriptions().listForOwner('ada@example.com', { includeTest: false })).map((s) => s.transactionId)).toEqual([
      'txn_live',
    ]);
    expect(await subscriptions().listForOwner('ada@example.com', { includeTest: true })).toHaveLength(2);
    expect(await subscriptions().listForOwner('someone@example.com', { includeTest: true })).toEqual([]);
  });
});

describe('the purchase acknowledgment', () => {
  const kept = {
    brandName: 'Vogue',
    brandIdentity: {
      primaryColor: '#000000',
      accentColor: '#b3122e',
      backgroundColor: '#ffffff',
      textColor: '#111111',
      fontFamily: 'display' as const,
      tagline: '',
    },
    renewalTerms: 'Today you pay $25.00. Your subscription then renews automatically on November 26, 2027 …',
    origin: 'https://shop.example.com',
  };
  const ordered = (acknowledgment: typeof kept | undefined) => ({ ...newTransactionFixture({ id: 'x' }).order, acknowledgment });

  it('is queued with the paid order: the terms word for word, the next charge, the account and the cancel page', async () => {
    await paid('txn_1', { order: ordered(kept), livemode: true });
    const [mail] = await db.selectFrom('outbox').selectAll().execute();
    expect(mail).toMatchObject({
      to_email: 'ada@example.com',
      kind: 'purchase-acknowledgment',
      status: 'pending',
      link: 'https://shop.example.com/account',
    });
    expect(mail!.body_text).toContain(kept.renewalTerms);
    expect(mail!.body_text).toContain('November 26, 2027');
    expect(mail!.body_text).toContain('https://shop.example.com/cancel');
    expect(mail!.body_html).toContain('Vogue');
  });

  it('says test mode in its subject and both parts for a test purchase, with its links in test mode', async () => {
    await paid('txn_test', { order: ordered(kept), livemode: false });
    const [mail] = await db.selectFrom('outbox').selectAll().execute();
    expect(mail).toMatchObject({ kind: 'purchase-acknowledgment', link: 'https://shop.example.com/account?livemode=false' });
    expect(mail!.subject).toMatch(/^\[Test\] /);
    expect(mail!.body_text).toContain('This was a test purchase');
    expect(mail!.body_html).toContain('This was a test purchase');
  });

  it('is queued once however often the payment is reported, and the success page says so only then', async () => {
    const order = await paid('txn_1', { order: ordered(kept) });
    await transactions().markSucceeded('txn_1', 'pi_txn_1');
    expect(await db.selectFrom('outbox').select('id').execute()).toHaveLength(1);
    const { transactionView } = await import('@/lib/server/checkout/Transaction');
    expect(transactionView(order).confirmationEmailed).toBe(true);
    const older = await paid('txn_old', { order: ordered(undefined) });
    expect(transactionView(older).confirmationEmailed).toBe(false);
    expect(await db.selectFrom('outbox').select('id').execute()).toHaveLength(1);
  });
});

describe('the settling of a provider’s renewals, as the lifecycle decides it', () => {
  const held = async (id: string) => (await subscriptions().findById(id))!;
  async function cancelled(): Promise<string> {
    const id = (await paid('txn_1')).subscriptionId!;
    const cancel = { kind: 'cancel-requested', channel: 'account', reason: null } as const;
    await writeEvent(db, await held(id), cancel, { now: clock, cause: { event: 'cancel_requested', actor: { kind: 'buyer' } } });
    return id;
  }

  it('records a confirmed pause with its history row, and nothing when the record no longer wants it', async () => {
    const id = await cancelled();
    clock = new Date('2026-11-26T10:05:00.000Z');
    expect(await subscriptions().recordProviderRenewals(await held(id), true, clock)).toBe(true);
    expect(await held(id)).toMatchObject({ providerPaused: true, providerTries: 0, updatedAt: clock.toISOString() });
    expect((await historyOf(db, id)).at(-1)).toMatchObject({
      event: 'provider_paused',
      actor: { kind: 'provider' },
      before: { provider_paused: 0 },
      after: { provider_paused: 1 },
    });
    // Running again is not what a cancelled record wants: refused, nothing written, no history.
    const before = await held(id);
    const entries = (await historyOf(db, id)).length;
    expect(await subscriptions().recordProviderRenewals(before, false, clock)).toBe(false);
    expect((await held(id)).version).toBe(before.version);
    expect(await historyOf(db, id)).toHaveLength(entries);
  });

  it('marks one the provider could not be asked about once, and writes nothing when marked already', async () => {
    const id = await cancelled();
    expect(await subscriptions().markProviderUnsettled(await held(id), false, clock)).toEqual({
      kind: 'refused',
      reason: 'changed-meanwhile',
    });
    expect(await subscriptions().recordProviderRenewals(await held(id), true, clock)).toBe(true);
    expect(await subscriptions().markProviderUnsettled(await held(id), true, clock)).toMatchObject({
      kind: 'applied',
      subscription: { providerPaused: false, providerTries: 0 },
    });
    expect((await historyOf(db, id)).at(-1)).toMatchObject({ event: 'provider_unsettled', actor: { kind: 'system' } });
    const before = await held(id);
    const entries = (await historyOf(db, id)).length;
    expect(await subscriptions().markProviderUnsettled(before, true, clock)).toEqual({ kind: 'refused', reason: 'marked-already' });
    expect((await held(id)).version).toBe(before.version);
    expect(await historyOf(db, id)).toHaveLength(entries);
  });

  it('counts refusals up to the limit, true only for the count that reaches it, and keeps no history of them', async () => {
    const id = await cancelled();
    const entries = (await historyOf(db, id)).length;
    const counted: boolean[] = [];
    // A stale record each time: the count is decided again on the row as it is.
    const stale = await held(id);
    for (let n = 1; n <= MAX_PROVIDER_TRIES; n += 1) counted.push(await subscriptions().countProviderRefusal(stale));
    expect(counted).toEqual([...Array<boolean>(MAX_PROVIDER_TRIES - 1).fill(false), true]);
    const given = await held(id);
    expect(given.providerTries).toBe(MAX_PROVIDER_TRIES);
    expect(await subscriptions().countProviderRefusal(given)).toBe(false);
    expect((await held(id)).version).toBe(given.version);
    expect(await historyOf(db, id)).toHaveLength(entries);
  });
});
