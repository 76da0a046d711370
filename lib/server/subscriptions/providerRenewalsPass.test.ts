import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { chargeRequestFixture } from '@/tests/fixtures/chargeRequest';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import type { PaymentGateway, RenewalInstrument } from '@/lib/server/payments/PaymentGateway';
import { startFakePayPal, type FakePayPal } from '@/lib/server/payments/paypal/fakePayPalServer';
import { InMemoryPlanStore, PayPalGateway } from '@/lib/server/payments/paypal/PayPalGateway';
import type { SubscriptionNotices } from './SubscriptionNotices';
import { MAX_PROVIDER_TRIES } from '@/lib/subscriptions/lifecycle/lifecycle';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionService } from './SubscriptionService';
import { settleProviderRenewals, type ProviderRenewalsPassOptions } from './providerRenewalsPass';

const TEST_APP = { clientId: 'test-client-id', clientSecret: 'test-client-secret' };

let fake: FakePayPal;
let db: Kysely<Database>;
let clock: Date;
let logged: string[];
let paypal: PayPalGateway;
/** PayPal down: every API call answers 503, as during an outage. */
let down: boolean;
const now = () => clock;
const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

const notices: SubscriptionNotices = {
  cancelled: async () => undefined,
  resumed: async () => undefined,
  addressChanged: async () => undefined,
  cardChanged: async () => undefined,
  endedByCare: async () => undefined,
};

beforeAll(async () => {
  fake = await startFakePayPal({ apps: [TEST_APP] });
});
afterAll(async () => fake.close());
beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-26T10:00:00.000Z');
  logged = [];
  down = false;
  fake.requests.length = 0;
  fake.setOverride(() => (down ? { status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'down (fake)' } } : undefined));
  paypal = new PayPalGateway({ test: { baseUrl: fake.baseUrl, ...TEST_APP } }, new InMemoryPlanStore(), { activationWaitsMs: [] });
  // The gateway logs each outage it turns into a 503; the outcomes are what these tests read.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.destroy();
});

const log = (line: string) => void logged.push(line);
const service = (gateways: PaymentGateway[] = [paypal]) => new SubscriptionService(db, gateways, notices, now, log);
const pass = (gateways: PaymentGateway[] = [paypal], options: ProviderRenewalsPassOptions = {}) =>
  settleProviderRenewals({ db, gateways, now, log }, options);
const record = async (id: string) => (await new SubscriptionRepository(db, now).findById(id))!;
const cancel = (id: string) => service().cancel('ada@example.com', id, { reason: null, channel: 'account' });
const calls = () => fake.apiRequests().map((call) => `${call.method} ${call.path.replace(/I-\d+/, 'I-…')}`);

/** A test-mode subscription paid with PayPal, active at PayPal; answers our id and PayPal's. */
async function paypalSubscription(n = 1): Promise<{ id: string; paypalId: string }> {
  const charged = await paypal.charge(chargeRequestFixture({ idempotencyKey: `k-${n}`, payment: { kind: 'paypal' } }));
  const paypalId = charged.paymentId!;
  fake.setSubscription(paypalId, { status: 'ACTIVE' });
  const transactions = new TransactionRepository(db, now);
  const order = { ...newTransactionFixture({ id: 'x' }).order, payment: { method: 'paypal' as const } };
  const transactionId = `txn_${n}`;
  await transactions.create(newTransactionFixture({ id: transactionId, buyerIdentity: 'ada@example.com', gateway: 'paypal', order }));
  const instrument: RenewalInstrument = { kind: 'paypal', subscriptionId: paypalId };
  await transactions.markSucceeded(transactionId, paypalId, instrument);
  fake.requests.length = 0;
  return { id: (await transactions.findById(transactionId))!.subscriptionId!, paypalId };
}

/** PayPal answered the cancellation with an error: cancelled, PayPal still renewing it. */
async function cancelledWhilePayPalDown(n = 1) {
  const subscription = await paypalSubscription(n);
  down = true;
  expect(await cancel(subscription.id)).toMatchObject({ cancelAtPeriodEnd: true, providerPaused: false });
  down = false;
  expect(fake.subscriptionStatus(subscription.paypalId)).toBe('ACTIVE');
  fake.requests.length = 0;
  return subscription;
}

/** The PayPal gateway, with `after` run once, after PayPal answered a pause or a resume and before that answer is recorded. */
function withHook(move: 'pauseRenewals' | 'resumeRenewals', after: () => Promise<void>): PaymentGateway {
  let hook: (() => Promise<void>) | null = after;
  const runHook = async () => {
    const run = hook;
    hook = null;
    await run?.();
  };
  return {
    name: paypal.name,
    inputKinds: paypal.inputKinds,
    charge: (request) => paypal.charge(request),
    retrieve: (paymentId, livemode) => paypal.retrieve(paymentId, livemode),
    lookupAttempt: () => paypal.lookupAttempt(),
    pauseRenewals: async (instrument, livemode) => {
      await paypal.pauseRenewals(instrument, livemode);
      if (move === 'pauseRenewals') await runHook();
    },
    resumeRenewals: async (instrument, livemode) => {
      await paypal.resumeRenewals(instrument, livemode);
      if (move === 'resumeRenewals') await runHook();
    },
  };
}

describe('settleProviderRenewals: a cancellation PayPal could not be told', () => {
  it('is paused at PayPal by a pass once PayPal is back, and recorded; a second pass does nothing', async () => {
    const { id, paypalId } = await cancelledWhilePayPalDown();
    expect(logged).toEqual([expect.stringContaining('the cancellation stands')]);

    // Just cancelled: the cancellation's own call may still be under way.
    expect(await pass()).toEqual([]);
    later(2);
    down = true;
    expect(await pass()).toEqual([{ kind: 'left', subscriptionId: id, reason: 'paypal refused or could not be reached' }]);
    expect((await record(id)).providerPaused).toBe(false);

    down = false;
    later(1);
    expect(await pass()).toEqual([{ kind: 'paused', subscriptionId: id }]);
    expect(fake.subscriptionStatus(paypalId)).toBe('SUSPENDED');
    expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: true, providerPaused: true });

    fake.requests.length = 0;
    later(2);
    expect(await pass()).toEqual([]);
    expect(calls()).toEqual([]);
  });

  it('is not paused when the subscriber resumed first: PayPal is only checked to be renewing it', async () => {
    const { id, paypalId } = await cancelledWhilePayPalDown();
    expect(await service().resume('ada@example.com', id)).toMatchObject({ cancelAtPeriodEnd: false });
    later(2);
    expect(await pass()).toEqual([{ kind: 'resumed', subscriptionId: id }]);
    expect(calls()).not.toContain('POST /v1/billing/subscriptions/I-…/suspend');
    expect(fake.subscriptionStatus(paypalId)).toBe('ACTIVE');
    expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: false, providerPaused: false });
    expect(await pass()).toEqual([]);
  });

  it('is resumed at PayPal instead when the subscriber resumed while the pause was on its way', async () => {
    const { id, paypalId } = await cancelledWhilePayPalDown();
    later(2);
    const racing = withHook('pauseRenewals', async () => {
      await new SubscriptionService(db, [paypal], notices, now, log).resume('ada@example.com', id);
    });
    expect(await pass([racing])).toEqual([{ kind: 'resumed', subscriptionId: id }]);
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([
      'POST /v1/billing/subscriptions/I-…/suspend',
      'POST /v1/billing/subscriptions/I-…/activate',
    ]);
    expect(fake.subscriptionStatus(paypalId)).toBe('ACTIVE');
    expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: false, providerPaused: false });
  });

  it('stays marked when PayPal then cannot resume it, and the next pass resumes it', async () => {
    const { id, paypalId } = await cancelledWhilePayPalDown();
    later(2);
    const racing = withHook('pauseRenewals', async () => {
      await service().resume('ada@example.com', id);
      down = true;
    });
    expect(await pass([racing])).toEqual([{ kind: 'left', subscriptionId: id, reason: 'paypal refused or could not be reached' }]);
    expect(fake.subscriptionStatus(paypalId)).toBe('SUSPENDED');
    expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: false, providerPaused: true });

    down = false;
    later(2);
    expect(await pass()).toEqual([{ kind: 'resumed', subscriptionId: id }]);
    expect(fake.subscriptionStatus(paypalId)).toBe('ACTIVE');
    expect((await record(id)).providerPaused).toBe(false);
  });

  it('leaves alone a subscription whose period ended, one that ended, and one PayPal does not renew', async () => {
    const { id } = await cancelledWhilePayPalDown(1);
    const other = await paypalSubscription(2);
    await db.updateTable('subscriptions').set({ status: 'ended', provider_paused: 1 }).where('id', '=', other.id).execute();
    const card = new TransactionRepository(db, now);
    await card.create(newTransactionFixture({ id: 'txn_card', buyerIdentity: 'ada@example.com', gateway: 'sandbox' }));
    await card.markSucceeded('txn_card', 'pi_card', { kind: 'sandbox-card', paymentIntentId: 'pi_card' });
    await service().cancel('ada@example.com', (await card.findById('txn_card'))!.subscriptionId!, { reason: null, channel: 'account' });

    clock = new Date('2027-12-01T00:00:00.000Z');
    expect(await pass()).toEqual([]);
    expect(calls()).toEqual([]);
    expect((await record(id)).providerPaused).toBe(false);
  });
});

describe('settleProviderRenewals: safe beside resumes and other instances', () => {
  it('a resume PayPal refuses records nothing: the subscriber is told to try again, and the pass has nothing to do', async () => {
    const { id, paypalId } = await paypalSubscription();
    expect((await cancel(id)).providerPaused).toBe(true);
    const before = await record(id);
    down = true;
    await expect(service().resume('ada@example.com', id)).rejects.toMatchObject({ status: 503 });
    expect(await record(id)).toEqual(before);
    down = false;
    later(2);
    expect(await pass()).toEqual([]);
    expect(fake.subscriptionStatus(paypalId)).toBe('SUSPENDED');
  });

  it('a pass that paused after a resume read the record: the record stays marked, and the next pass resumes PayPal', async () => {
    const { id, paypalId } = await cancelledWhilePayPalDown();
    const read = await record(id);
    later(2);
    expect(await pass()).toEqual([{ kind: 'paused', subscriptionId: id }]);
    // The resume read the record before the pass recorded the pause: it does not ask PayPal.
    await service().resumeRecord(read);
    expect(fake.subscriptionStatus(paypalId)).toBe('SUSPENDED');
    expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: false, providerPaused: true });
    later(2);
    expect(await pass()).toEqual([{ kind: 'resumed', subscriptionId: id }]);
    expect(fake.subscriptionStatus(paypalId)).toBe('ACTIVE');
  });

  it('a pass that paused again after a resume started PayPal: the resume does not clear the mark', async () => {
    const { id, paypalId } = await paypalSubscription();
    expect((await cancel(id)).providerPaused).toBe(true);
    later(2);
    // A pass that had read the record before the pause was recorded pauses it again, and records it.
    const racing = withHook('resumeRenewals', async () => {
      later(1);
      await paypal.pauseRenewals({ kind: 'paypal', subscriptionId: paypalId }, false);
      await new SubscriptionRepository(db, now).recordProviderRenewals(await record(id), true, clock);
    });
    await service([racing]).resume('ada@example.com', id);
    expect(fake.subscriptionStatus(paypalId)).toBe('SUSPENDED');
    expect(await record(id)).toMatchObject({ cancelAtPeriodEnd: false, providerPaused: true });
    later(2);
    expect(await pass()).toEqual([{ kind: 'resumed', subscriptionId: id }]);
    expect(fake.subscriptionStatus(paypalId)).toBe('ACTIVE');
    expect((await record(id)).providerPaused).toBe(false);
  });

  it('two instances that both picked it up both pause it, which PayPal does once, and both record it', async () => {
    const { id, paypalId } = await cancelledWhilePayPalDown();
    later(2);
    // Each instance's call waits for the other's, so that both read the record before either records the pause.
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (bothArrived = resolve));
    const instance: PaymentGateway = {
      ...withHook('pauseRenewals', async () => undefined),
      pauseRenewals: async (instrument, livemode) => {
        arrived += 1;
        if (arrived === 2) bothArrived();
        await together;
        await paypal.pauseRenewals(instrument, livemode);
      },
    };
    const [first, second] = await Promise.all([pass([instance]), pass([instance])]);
    expect([...first!, ...second!]).toEqual([
      { kind: 'paused', subscriptionId: id },
      { kind: 'paused', subscriptionId: id },
    ]);
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([
      'POST /v1/billing/subscriptions/I-…/suspend',
      'POST /v1/billing/subscriptions/I-…/suspend',
    ]);
    expect(fake.subscriptionStatus(paypalId)).toBe('SUSPENDED');
    expect((await record(id)).providerPaused).toBe(true);
  });

  it('asks PayPal about a few at a time', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= 7; n += 1) ids.push((await cancelledWhilePayPalDown(n)).id);
    later(2);
    let running = 0;
    let most = 0;
    const counted: PaymentGateway = {
      ...withHook('pauseRenewals', async () => undefined),
      pauseRenewals: async (instrument, livemode) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        await paypal.pauseRenewals(instrument, livemode);
        running -= 1;
      },
    };
    const outcomes = await pass([counted], { concurrency: 3 });
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(7).fill('paused'));
    expect(most).toBe(3);
    for (const id of ids) expect((await record(id)).providerPaused).toBe(true);
  });
});

describe('settleProviderRenewals: PayPal refusing for good', () => {
  /** PayPal answers every suspend and activate with a 422 it will give again: a refusal, not an outage. */
  const refuse = () =>
    fake.setOverride((request) =>
      /\/(suspend|activate)$/.test(request.path)
        ? { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_LOCKED' }], message: 'refused (fake)' } }
        : undefined,
    );
  const alerts: string[][] = [];
  const alertingPass = () => settleProviderRenewals({ db, gateways: [paypal], now, log, alert: (...alert) => void alerts.push(alert) });
  const tries = async (id: string) =>
    (await db.selectFrom('subscriptions').select('provider_tries').where('id', '=', id).executeTakeFirstOrThrow()).provider_tries;
  beforeEach(() => void (alerts.length = 0));

  it('gives up after MAX_PROVIDER_TRIES refusals, tells the operators once, and no pass asks again', async () => {
    const { id } = await cancelledWhilePayPalDown();
    later(2);
    // An outage is no refusal: PayPal may answer later.
    down = true;
    expect(await alertingPass()).toEqual([{ kind: 'left', subscriptionId: id, reason: 'paypal refused or could not be reached' }]);
    expect(Number(await tries(id))).toBe(0);
    down = false;
    refuse();
    for (let n = 1; n < MAX_PROVIDER_TRIES; n += 1) await alertingPass();
    expect(Number(await tries(id))).toBe(MAX_PROVIDER_TRIES - 1);
    expect(alerts).toEqual([]);
    expect(await alertingPass()).toEqual([
      { kind: 'left', subscriptionId: id, reason: `paypal refused ${MAX_PROVIDER_TRIES} times: given up` },
    ]);
    expect(alerts).toEqual([['provider-renewals-given-up', id, expect.stringContaining(`renewals of ${id}; no pass asks again`)]]);
    fake.requests.length = 0;
    expect(await alertingPass()).toEqual([]);
    expect(calls()).toEqual([]);
    expect(alerts).toHaveLength(1);
  });

  it('counts from nothing again after a success', async () => {
    const { id } = await cancelledWhilePayPalDown();
    later(2);
    refuse();
    for (let n = 1; n < MAX_PROVIDER_TRIES; n += 1) await alertingPass();
    fake.setOverride(null);
    expect(await alertingPass()).toEqual([{ kind: 'paused', subscriptionId: id }]);
    expect(Number(await tries(id))).toBe(0);
    // PayPal renewing it again (say, reactivated there): the pause is asked again, its refusals counted from nothing.
    await db.updateTable('subscriptions').set({ provider_paused: 0 }).where('id', '=', id).execute();
    later(2);
    refuse();
    for (let n = 1; n < MAX_PROVIDER_TRIES; n += 1) expect(await alertingPass()).toMatchObject([{ kind: 'left', subscriptionId: id }]);
    expect(alerts).toEqual([]);
  });

  it('counts a new wish from nothing after one was given up, and gives it up again with an alert of its own', async () => {
    const { id } = await cancelledWhilePayPalDown();
    later(2);
    refuse();
    for (let n = 1; n <= MAX_PROVIDER_TRIES; n += 1) await alertingPass();
    expect(alerts).toEqual([['provider-renewals-given-up', id, expect.stringContaining(`to pause the renewals of ${id}`)]]);

    // The subscriber takes the cancellation back: the given-up pause does not hold back the resume.
    expect(await service().resume('ada@example.com', id)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(Number(await tries(id))).toBe(0);
    later(2);
    fake.requests.length = 0;
    expect(await alertingPass()).toEqual([{ kind: 'left', subscriptionId: id, reason: 'paypal refused or could not be reached' }]);
    expect(calls()).toEqual(['POST /v1/billing/subscriptions/I-…/activate']);
    expect(Number(await tries(id))).toBe(1);
    for (let n = 2; n <= MAX_PROVIDER_TRIES; n += 1) await alertingPass();
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toEqual(['provider-renewals-given-up', id, expect.stringContaining(`to resume the renewals of ${id}`)]);

    // And cancels again: the given-up resume does not hold back the pause, counted from nothing.
    expect(await cancel(id)).toMatchObject({ cancelAtPeriodEnd: true, providerPaused: false });
    expect(Number(await tries(id))).toBe(1);
    later(2);
    fake.requests.length = 0;
    for (let n = 2; n < MAX_PROVIDER_TRIES; n += 1) await alertingPass();
    expect(calls()).toHaveLength(MAX_PROVIDER_TRIES - 2);
    expect(alerts).toHaveLength(2);
    expect(await alertingPass()).toEqual([
      { kind: 'left', subscriptionId: id, reason: `paypal refused ${MAX_PROVIDER_TRIES} times: given up` },
    ]);
    expect(alerts).toHaveLength(3);
    expect(alerts[2]).toEqual(['provider-renewals-given-up', id, expect.stringContaining(`to pause the renewals of ${id}`)]);
  });
});
