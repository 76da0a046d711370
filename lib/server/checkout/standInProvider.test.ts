import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { testDb } from '@/tests/fixtures/testDb';
import { submitRequestSchema, type SubmitRequest } from '@/lib/checkout/submitContract';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { parseServerEnv, type ServerEnv } from '@/lib/server/config/serverEnv';
import type { Database } from '@/lib/server/db/schema';
import { SERVER_PAYMENT_METHODS } from '@/lib/server/payments/methodRegistry';
import type { ChargeRequest, ChargeResult, GatewayName, PaymentGateway, PaymentInput } from '@/lib/server/payments/PaymentGateway';
import type { ServerPaymentMethod } from '@/lib/server/payments/ServerPaymentMethod';
import { createCheckoutServices } from './checkoutServices';
import { submitCheckout } from './submitService';

/**
 * Adding a payment provider, proven: a stand-in provider is declared as every provider is
 * (a server unit with its settings and its gateway behind the PaymentGateway interface),
 * handed to the checkout beside the server's own list, and a visitor buys with it in the
 * sandbox's test mode. Nothing in the checkout names it.
 */
const STAND_IN = 'stand-in';

/** The stand-in's gateway: a wallet that approves every payment at once and remembers what it was asked. */
class StandInGateway implements PaymentGateway {
  readonly name = STAND_IN as GatewayName;
  readonly inputKinds = [STAND_IN] as unknown as PaymentInput['kind'][];
  readonly charges: ChargeRequest[] = [];

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(request);
    return { status: 'succeeded', paymentId: `stand_in_${this.charges.length}` };
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
const now = () => new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

describe('a payment provider added through its declaration', () => {
  it('is offered beside the others and takes a test-mode purchase to a paid transaction', async () => {
    const gateway = new StandInGateway();
    // The configuration lists it as PAYMENT_METHODS lists a declared method; the sandbox is on.
    const sandbox = parseServerEnv({ PAYMENTS_SANDBOX: '1' });
    const env = { ...sandbox, PAYMENT_METHODS: [...sandbox.PAYMENT_METHODS, STAND_IN] } as unknown as ServerEnv;
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
