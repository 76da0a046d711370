import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import english from '@/messages/en/failures.json';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { testDb } from '@/tests/fixtures/testDb';
import { submitRequestSchema, type SubmitRequest } from '@/lib/checkout/submitContract';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { parseServerEnv, type ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { SERVER_PAYMENT_METHODS } from '@/lib/server/payments/methodRegistry';
import type {
  ChargeRequest,
  ChargeResult,
  GatewayName,
  PaymentGateway,
  PaymentInput,
  RenewalChargeRequest,
  RenewalInstrument,
} from '@/lib/server/payments/PaymentGateway';
import type { ServerPaymentMethod } from '@/lib/server/payments/ServerPaymentMethod';
import type { ServerRenewalDeclaration } from '@/lib/server/payments/ServerRenewalDeclaration';
import type { PaymentMethodDeclaration } from '@/lib/payments/paymentMethodDeclaration';
import { loadAccount } from '@/lib/server/account/accountService';
import type { CatalogueCache } from '@/lib/server/catalogue/catalogueCache';
import { runDueRenewals, type RenewalDeps } from '@/lib/server/renewals/renewalEngine';
import type { SubscriptionNotices } from '@/lib/server/subscriptions/SubscriptionNotices';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { SubscriptionService } from '@/lib/server/subscriptions/SubscriptionService';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import { createCheckoutServices } from './checkoutServices';
import { submitCheckout } from './submitService';

/**
 * Adding a payment provider, proven: a stand-in provider is declared as every provider is
 * (a server unit with its settings and its gateway behind the PaymentGateway interface),
 * handed to the checkout beside the server's own list, and a visitor buys with it in the
 * sandbox's test mode. Nothing in the checkout names it.
 */
const STAND_IN = 'stand-in';

/**
 * The stand-in's declarations, as a provider's folders write them: the method
 * (lib/payments/<provider>/…Declaration.ts, with how it renews, …Renewal.ts: on our
 * schedule, changed at the provider) and its server side of renewals
 * (lib/server/payments/<provider>/…Renewals.ts: its gateway, and the agreement its payment
 * is). Hoisted: the registries below list them as a new provider's lines there would.
 */
const standIn = vi.hoisted(() => {
  const declaration = {
    id: 'stand-in',
    label: 'Stand-in',
    wallet: true,
    renewal: {
      scheduledBy: 'us',
      retriesHardDecline: () => false,
      // A provider's words are catalogue messages (failures.wallet.<id>.*, in every language):
      // the stand-in, which has none, borrows Amazon Pay's.
      pastDue: {
        reason: 'failures.wallet.amazon-pay.reason',
        next: null,
        ourDates: true,
        fix: 'failures.wallet.amazon-pay.fix',
        label: 'failures.wallet.amazon-pay.label',
      },
      paymentChange: {
        where: 'provider',
        note: 'account.wallet.amazon-pay.note',
        url: (livemode: boolean) => `https://${livemode ? '' : 'test.'}stand-in.example/account`,
      },
    },
  } satisfies PaymentMethodDeclaration;
  const renewals: ServerRenewalDeclaration = {
    method: declaration.id,
    renewal: declaration.renewal,
    gateways: ['stand-in' as GatewayName],
    instrumentFromPayment: (_gateway, paymentId) => ({ kind: 'stand-in', agreementId: paymentId }) as unknown as RenewalInstrument,
  };
  return { declaration, renewals };
});

// lib/payments/methods.ts derives its labels from its list as it loads: derived again here, with the stand-in's.
vi.mock('@/lib/payments/methods', async (original) => {
  const registry = await original<typeof import('@/lib/payments/methods')>();
  const methods = [...registry.PAYMENT_METHODS, standIn.declaration];
  return {
    ...registry,
    PAYMENT_METHODS: methods,
    PAYMENT_METHOD_LABELS: Object.fromEntries(methods.map((method) => [method.id, method.label])),
  };
});
vi.mock('@/lib/server/payments/renewalRegistry', async (original) => {
  const registry = await original<typeof import('@/lib/server/payments/renewalRegistry')>();
  return { ...registry, SERVER_RENEWALS: [...registry.SERVER_RENEWALS, standIn.renewals] };
});

/** The stand-in's gateway: a wallet that approves every payment at once, renews as told, and remembers what it was asked. */
class StandInGateway implements PaymentGateway {
  readonly name = STAND_IN as GatewayName;
  readonly inputKinds = [STAND_IN] as unknown as PaymentInput['kind'][];
  readonly charges: ChargeRequest[] = [];
  readonly renewals: RenewalChargeRequest[] = [];
  /** How its next renewals are answered, in order; approved once none is left. */
  readonly renewalAnswers: ('approve' | 'decline')[] = [];

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(request);
    return { status: 'succeeded', paymentId: `stand_in_${this.charges.length}` };
  }

  async renew(request: RenewalChargeRequest): Promise<ChargeResult> {
    this.renewals.push(request);
    if (this.renewalAnswers.shift() === 'decline') return { status: 'failed', paymentId: null, code: 'insufficient_funds' };
    return { status: 'succeeded', paymentId: `stand_in_renewal_${this.renewals.length}` };
  }

  async retrieve(paymentId: string): Promise<ChargeResult> {
    return { status: 'succeeded', paymentId };
  }

  async lookupAttempt() {
    return { kind: 'nothing' as const };
  }
}

const standInSettings = { schema: z.object({}), liveKeys: [], check: () => undefined };

/** The stand-in's declaration, as lib/server/payments/<provider>/…Method.ts writes one: no keys, so its sandbox gateway takes the payments. */
function standInMethod(gateway: StandInGateway): ServerPaymentMethod<typeof STAND_IN, typeof standInSettings.schema> {
  return {
    id: STAND_IN,
    settings: standInSettings,
    scripts: { party: 'Stand-in', reason: 'A provider made up by this test.' },
    configured: () => false,
    browserConfig: () => ({ gateway: 'sandbox' }),
    cspSources: () => ({}),
    createGateway: () => gateway,
  };
}

let db: Kysely<Database>;
let snapshot: CatalogueSnapshot;
let clock: Date;
const now = () => clock;

beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(async () => {
  db = await testDb();
  clock = new Date('2026-11-21T12:00:00Z');
});
afterEach(async () => db.destroy());

/** The configuration lists it as PAYMENT_METHODS lists a declared method; the sandbox is on. */
function standInEnv(): ServerEnv {
  const sandbox = parseServerEnv({ PAYMENTS_SANDBOX: '1' });
  return { ...sandbox, PAYMENT_METHODS: [...sandbox.PAYMENT_METHODS, STAND_IN] } as unknown as ServerEnv;
}

describe('a payment provider added through its declaration', () => {
  it('is offered beside the others and takes a test-mode purchase to a paid transaction', async () => {
    const gateway = new StandInGateway();
    const env = standInEnv();
    const services = createCheckoutServices(db, env, now, [...SERVER_PAYMENT_METHODS, standInMethod(gateway)]);
    expect(services.gateways.map((candidate) => candidate.name)).toEqual(['sandbox', 'sandbox-paypal', 'sandbox-amazon-pay', STAND_IN]);

    // A wallet's submit is its id: the browser's declaration would make the contract admit it.
    const request = { ...submitRequestSchema.parse(submitRequestFixture()), payment: { kind: STAND_IN } } as unknown as SubmitRequest;
    const { response } = await submitCheckout({ db, gateways: services.gateways, now }, snapshot, request);

    expect(response).toMatchObject({ status: 'succeeded', successPath: '/vogue/demo-single/success?livemode=false' });
    expect(gateway.charges).toHaveLength(1);
    expect(gateway.charges[0]).toMatchObject({ payment: { kind: STAND_IN }, livemode: false, idempotencyKey: request.idempotencyKey });
    const row = await db.selectFrom('transactions').selectAll().where('id', '=', response.transactionId!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gateway: STAND_IN, gateway_payment_id: 'stand_in_1', status: 'succeeded', payment_method: STAND_IN });
  });
});

describe('a subscription paid with a provider added through its declarations', () => {
  const EMAIL = 'ada@example.com';
  const sent: string[] = [];
  const notices: SubscriptionNotices = {
    cancelled: async (_db, subscription) => void sent.push(`cancelled ${subscription.id}`),
    resumed: async (_db, subscription) => void sent.push(`resumed ${subscription.id}`),
    addressChanged: async () => undefined,
    cardChanged: async () => undefined,
    endedByCare: async () => undefined,
  };

  it('renews, fails a renewal, recovers, is cancelled and shows in the account as its declaration says', async () => {
    const gateway = new StandInGateway();
    const env = standInEnv();
    const { gateways } = createCheckoutServices(db, env, now, [...SERVER_PAYMENT_METHODS, standInMethod(gateway)]);
    const renewalDeps: RenewalDeps = {
      db,
      gateways,
      now,
      policy: { retryDays: DEFAULT_RETRY_DAYS, graceDays: 14 },
      concurrency: 1,
      origin: 'https://subscribe.example.com',
      log: (line, error) => console.error(line, error),
    };
    const server = { db, clock: now, config: env, catalogue: { get: async () => snapshot } as unknown as CatalogueCache };
    const account = async () => (await loadAccount(server, EMAIL, false)).subscriptions;
    const records = new SubscriptionRepository(db, now);

    // Bought signed in: the account lists it; what renews it is built by its declaration from the payment.
    const request = { ...submitRequestSchema.parse(submitRequestFixture()), payment: { kind: STAND_IN } } as unknown as SubmitRequest;
    const { response } = await submitCheckout({ db, gateways, now, buyerIdentity: EMAIL }, snapshot, request);
    expect(response.status).toBe('succeeded');
    const [listed] = await account();
    const id = listed!.id;
    const bought = (await records.findById(id))!;
    expect(bought).toMatchObject({
      gateway: STAND_IN,
      instrument: { kind: STAND_IN, agreementId: 'stand_in_1' },
      needsPaymentMethod: false,
    });
    expect(listed).toMatchObject({ status: 'active', paymentChange: STAND_IN, facts: { pastDue: null }, canCancel: true });

    // Renewed by our engine (its declaration: we schedule it), charged on its agreement.
    clock = new Date(bought.currentPeriodEnd);
    const firstRun = (await runDueRenewals(renewalDeps)).flatMap((run) => run.steps);
    expect(firstRun).toContain('renewed');
    expect(gateway.renewals).toHaveLength(1);
    expect(gateway.renewals[0]).toMatchObject({ instrument: { kind: STAND_IN, agreementId: 'stand_in_1' }, livemode: false });
    const renewed = (await records.findById(id))!;
    expect(renewed.currentPeriodStart).toBe(bought.currentPeriodEnd);

    // The next renewal fails: past due, with its own words and link in the e-mail and the account, and our dates.
    gateway.renewalAnswers.push('decline');
    clock = new Date(renewed.currentPeriodEnd);
    expect((await runDueRenewals(renewalDeps)).flatMap((run) => run.steps)).toContain('failed (insufficient_funds)');
    expect(await records.findById(id)).toMatchObject({ status: 'past_due', dunning: { tries: 1, failureCode: 'insufficient_funds' } });
    const failedMail = await db.selectFrom('outbox').selectAll().where('kind', '=', 'renewal-failed').executeTakeFirstOrThrow();
    expect(failedMail.body_text).toContain(english['failures.wallet.amazon-pay.reason']);
    expect(failedMail.body_text).toContain('https://test.stand-in.example/account');
    const [pastDue] = await account();
    // The account words the wallet's block from these facts and the method's renewal declaration (pastDueWords).
    expect(pastDue).toMatchObject({
      status: 'past_due',
      paymentChange: STAND_IN,
      facts: { pastDue: { retryAt: expect.any(String), dates: { accessUntil: expect.any(String), endsOn: expect.any(String) } } },
    });

    // The retry a day later goes through: recovered, active again.
    clock = new Date(clock.getTime() + DEFAULT_RETRY_DAYS[0]! * 24 * 3600_000);
    expect((await runDueRenewals(renewalDeps)).flatMap((run) => run.steps)).toContain('renewed (recovered)');
    expect(gateway.renewals).toHaveLength(3);
    const recovered = (await records.findById(id))!;
    expect(recovered).toMatchObject({ status: 'active', dunning: { tries: 0 } });
    expect((await account())[0]).toMatchObject({ status: 'active', facts: { pastDue: null } });

    // Cancelled in the account: nothing to tell the provider (we schedule it); it ends with its period, charging nothing more.
    const cancelled = await new SubscriptionService(db, gateways, notices, now).cancel(EMAIL, id, { reason: null, channel: 'account' });
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, providerPaused: false });
    expect(sent).toEqual([`cancelled ${id}`]);
    expect((await account())[0]).toMatchObject({ status: 'cancelling', canResume: true });
    clock = new Date(recovered.currentPeriodEnd);
    expect((await runDueRenewals(renewalDeps)).flatMap((run) => run.steps)).toContain('ended (cancelled)');
    expect(gateway.renewals).toHaveLength(3);
    expect((await account())[0]).toMatchObject({ status: 'ended', canCancel: false, canResume: false });
  });
});
