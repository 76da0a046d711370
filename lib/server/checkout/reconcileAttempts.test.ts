import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxCard, submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { db, now, sandbox, setClock, setUpSandboxCheckout, snapshot } from '@/tests/fixtures/sandboxCheckout';
import { submitRequestSchema, type SubmitRequestInput } from '@/lib/checkout/submitContract';
import type { AttemptLookup, ChargeRequest, PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { applyGatewayEvent } from './reconcile';
import { reconcileStuckAttempts } from './reconcileAttempts';
import { submitCheckout, transactionIdFor } from './submitService';
import { IdempotencyStore } from './IdempotencyStore';
import { TransactionRepository } from './TransactionRepository';

const GRACE_MS = 60_000;

setUpSandboxCheckout();

const request = (overrides: Partial<SubmitRequestInput> = {}) =>
  submitRequestFixture({ returnPath: '/vogue/demo-single/credit-card?livemode=false&source=newsletter', ...overrides });
const card = sandboxCard;

/** The sandbox, counting the charges that reach it. */
function counting(gateway: PaymentGateway = sandbox) {
  const charges: ChargeRequest[] = [];
  const counted: PaymentGateway = {
    name: gateway.name,
    inputKinds: gateway.inputKinds,
    charge: (charge) => (charges.push(charge), gateway.charge(charge)),
    retrieve: (id, livemode) => gateway.retrieve(id, livemode),
    lookupAttempt: (attempt) => gateway.lookupAttempt(attempt),
  };
  return { gateway: counted, charges };
}

/**
 * The server dies during the charge: `after` the gateway took it (the answer never comes
 * back) or `before` it reached the gateway. The submit never returns, as in a killed
 * process: the key stays in progress and the transaction processing.
 */
function dying(when: 'after' | 'before'): PaymentGateway {
  return {
    ...counting().gateway,
    charge: async (charge) => {
      if (when === 'after') await sandbox.charge(charge);
      return new Promise(() => {});
    },
  };
}

const submitWith = (gateway: PaymentGateway, input: SubmitRequestInput) =>
  submitCheckout({ db, gateways: [gateway], now, waitForConcurrentMs: 200 }, snapshot, submitRequestSchema.parse(input));

/** Submits through a dying gateway, and waits until the charge is where the server dies. */
async function killedDuring(input: SubmitRequestInput, when: 'after' | 'before' = 'after'): Promise<void> {
  void submitWith(dying(when), input);
  const transactionId = transactionIdFor(input.idempotencyKey);
  for (let i = 0; i < 200; i += 1) {
    const written = await new TransactionRepository(db).findById(transactionId);
    const intent = await db
      .selectFrom('sandbox_payment_intents')
      .select('id')
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (written && (when === 'before' || intent)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the submit never reached the charge');
}

const pass = (gateways: PaymentGateway[] = [sandbox]) => reconcileStuckAttempts({ db, gateways, now, graceMs: GRACE_MS });
const later = (ms = GRACE_MS + 1) => setClock(now().getTime() + ms);
const keyRow = (key: string) => db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
const transaction = (key: string) => new TransactionRepository(db).findById(transactionIdFor(key));
const intents = () => db.selectFrom('sandbox_payment_intents').selectAll().execute();

describe('reconcileStuckAttempts', () => {
  it('completes an order paid just before the server died, once, and answers its retry without a second charge', async () => {
    const input = request();
    await killedDuring(input);
    expect(await transaction(input.idempotencyKey)).toMatchObject({ status: 'processing', invoiceNumber: null, subscriptionId: null });
    expect(await keyRow(input.idempotencyKey)).toMatchObject({ state: 'in_progress' });

    later();
    expect(await pass()).toEqual([{ kind: 'answered', transactionId: transactionIdFor(input.idempotencyKey), status: 'succeeded' }]);
    const paid = await transaction(input.idempotencyKey);
    expect(paid).toMatchObject({ status: 'succeeded', invoiceNumber: 'INV-TEST-2026-000001', gatewayPaymentId: (await intents())[0]!.id });
    expect(paid?.subscriptionId).toMatch(/^sub_/);
    const answer = {
      status: 'succeeded',
      transactionId: transactionIdFor(input.idempotencyKey),
      successPath: '/vogue/demo-single/success?livemode=false&source=newsletter',
    };
    expect(JSON.parse((await keyRow(input.idempotencyKey))!.response_json!)).toEqual(answer);

    // A second pass finds nothing to do; the retry gets the stored answer and charges nothing.
    expect(await pass()).toEqual([]);
    const { gateway, charges } = counting();
    expect((await submitWith(gateway, input)).response).toEqual(answer);
    expect(charges).toHaveLength(0);
    expect(await intents()).toHaveLength(1);
    expect(await transaction(input.idempotencyKey)).toEqual(paid);
  });

  it('leaves an attempt younger than the grace period alone: its submit may still be charging', async () => {
    const input = request();
    await killedDuring(input);
    later(GRACE_MS - 1_000);
    expect(await pass()).toEqual([]);
    expect(await keyRow(input.idempotencyKey)).toMatchObject({ state: 'in_progress' });
    expect(await transaction(input.idempotencyKey)).toMatchObject({ status: 'processing' });
  });

  it.each([
    [
      'a decline',
      '4000000000009995',
      { status: 'failed', failureCode: 'insufficient_funds' },
      { status: 'failed', code: 'insufficient_funds' },
    ],
    [
      'a 3-D Secure card',
      '4000000000003220',
      { status: 'requires_action', authenticationRequested: true },
      { status: 'requires_action', action: { type: 'redirect' } },
    ],
  ])('records %s as the submit would have, and stores the same answer', async (_name, number, row, answer) => {
    const input = request(card(number));
    await killedDuring(input);
    later();
    await pass();
    expect(await transaction(input.idempotencyKey)).toMatchObject(row);
    expect(JSON.parse((await keyRow(input.idempotencyKey))!.response_json!)).toMatchObject(answer);
    const { gateway, charges } = counting();
    expect((await submitWith(gateway, input)).response).toMatchObject(answer);
    expect(charges).toHaveLength(0);
  });

  it('ends the order as failed when the gateway took nothing: its retry is answered so, and charges nothing', async () => {
    const input = request();
    await killedDuring(input, 'before');
    later();
    expect(await pass()).toMatchObject([
      { kind: 'released', reason: 'sandbox took nothing for it; the order ended as failed (interrupted)' },
    ]);
    expect(await keyRow(input.idempotencyKey)).toBeUndefined();
    expect(await transaction(input.idempotencyKey)).toMatchObject({ status: 'failed', failureCode: 'interrupted', invoiceNumber: null });
    // A second pass has nothing left to look at.
    expect(await pass()).toEqual([]);

    const { gateway, charges } = counting();
    expect((await submitWith(gateway, input)).response).toMatchObject({
      status: 'failed',
      code: 'interrupted',
      message: 'Your payment was interrupted before it was sent. Nothing was charged. Please try again.',
    });
    expect(charges).toHaveLength(0);
    expect(await intents()).toHaveLength(0);
  });

  it('completes an interrupted order when its slow submit charges after all: the payment is never lost', async () => {
    const input = request();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The submit is still alive beyond the grace, not yet at the gateway when the pass asks it.
    const slow: PaymentGateway = { ...counting().gateway, charge: async (charge) => (await held, sandbox.charge(charge)) };
    const submitted = submitWith(slow, input);
    for (let i = 0; i < 200 && (await transaction(input.idempotencyKey))?.status !== 'processing'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    later();
    expect(await pass()).toMatchObject([{ kind: 'released' }]);
    expect(await transaction(input.idempotencyKey)).toMatchObject({ status: 'failed', failureCode: 'interrupted' });

    release();
    expect((await submitted).response.status).toBe('succeeded');
    const order = await transaction(input.idempotencyKey);
    expect(order).toMatchObject({ status: 'succeeded', failureCode: null });
    expect(order?.invoiceNumber).toMatch(/^INV-TEST-/);
    expect(order?.subscriptionId).toMatch(/^sub_/);
  });

  it('keeps the key a retry took over while the pass was asking the gateway: its duplicates still wait for it', async () => {
    const input = request();
    await killedDuring(input, 'before');
    later();
    // The gateway is slow to say it took nothing; meanwhile the visitor's retry takes the key over.
    const slow: PaymentGateway = {
      name: sandbox.name,
      inputKinds: sandbox.inputKinds,
      charge: (charge) => sandbox.charge(charge),
      retrieve: (id) => sandbox.retrieve(id),
      lookupAttempt: async (attempt) => {
        await db.updateTable('idempotency_keys').set({ updated_at: now().toISOString() }).where('key', '=', input.idempotencyKey).execute();
        return sandbox.lookupAttempt(attempt);
      },
    };
    expect(await pass([slow])).toEqual([
      { kind: 'left', transactionId: transactionIdFor(input.idempotencyKey), reason: 'a retry took the attempt over meanwhile' },
    ]);
    expect(await keyRow(input.idempotencyKey)).toMatchObject({ state: 'in_progress', updated_at: now().toISOString() });
  });

  it('frees a key whose submit died before it wrote the transaction (nothing was charged)', async () => {
    const key = randomUUID();
    await new IdempotencyStore(db, now).claim(key, 'hash');
    later();
    expect(await pass()).toEqual([
      { kind: 'released', transactionId: transactionIdFor(key), reason: 'no transaction was written, so nothing was charged' },
    ]);
    expect(await keyRow(key)).toBeUndefined();
  });

  it.each<[string, () => PaymentGateway[]]>([
    [
      'the gateway cannot tell',
      () => [{ ...counting().gateway, lookupAttempt: async (): Promise<AttemptLookup> => ({ kind: 'unknown', reason: 'search lags' }) }],
    ],
    [
      'the gateway does not answer',
      () => [
        {
          ...counting().gateway,
          lookupAttempt: async () => {
            throw new Error('ECONNRESET');
          },
        },
      ],
    ],
    ['its gateway is not enabled here', () => []],
  ])('leaves the attempt as it is when %s (for the webhook and a later pass)', async (_name, gateways) => {
    const input = request();
    await killedDuring(input);
    later();
    const [outcome] = await pass(gateways());
    expect(outcome).toMatchObject({ kind: 'left', transactionId: transactionIdFor(input.idempotencyKey) });
    expect(await keyRow(input.idempotencyKey)).toMatchObject({ state: 'in_progress' });
    expect(await transaction(input.idempotencyKey)).toMatchObject({ status: 'processing', invoiceNumber: null });
  });

  it('answers an attempt the webhook already settled, without asking the gateway again', async () => {
    const input = request();
    await killedDuring(input);
    const [intent] = await intents();
    await applyGatewayEvent(
      db,
      {
        id: 'evt_1',
        gateway: 'sandbox',
        type: 'payment.succeeded',
        paymentId: intent!.id,
        transactionId: transactionIdFor(input.idempotencyKey),
      },
      now,
    );
    const invoice = (await transaction(input.idempotencyKey))!.invoiceNumber;
    later();
    const asked: string[] = [];
    const watching: PaymentGateway = {
      ...counting().gateway,
      lookupAttempt: async (attempt) => (asked.push(attempt.transactionId), sandbox.lookupAttempt(attempt)),
    };
    expect(await pass([watching])).toMatchObject([{ kind: 'answered', status: 'succeeded' }]);
    expect(asked).toEqual([]);
    expect((await transaction(input.idempotencyKey))!.invoiceNumber).toBe(invoice);
  });

  it('frees the key of an order placed before the payment step path was kept, once the order is settled: the retry answers from the order', async () => {
    const input = request();
    await killedDuring(input);
    // As an order written by an earlier release: no paymentStepPath in its snapshot.
    const row = (await transaction(input.idempotencyKey))!;
    const { paymentStepPath: _dropped, ...order } = row.order;
    await db
      .updateTable('transactions')
      .set({ order_json: JSON.stringify(order) })
      .where('id', '=', row.id)
      .execute();
    later();
    expect(await pass()).toMatchObject([{ kind: 'released' }]);
    expect(await transaction(input.idempotencyKey)).toMatchObject({ status: 'succeeded' });

    const { gateway, charges } = counting();
    expect((await submitWith(gateway, input)).response).toMatchObject({
      status: 'succeeded',
      successPath: '/vogue/demo-single/success?livemode=false&source=newsletter',
    });
    expect(charges).toHaveLength(0);
  });
});

describe('submitCheckout after a lost answer', () => {
  it('never charges an order again whose transaction is already settled, even when the gateway forgot the attempt', async () => {
    const input = request();
    await killedDuring(input);
    const [intent] = await intents();
    await new TransactionRepository(db, now).markSucceeded(transactionIdFor(input.idempotencyKey), intent!.id);
    await new IdempotencyStore(db, now).release(input.idempotencyKey);
    await db.deleteFrom('sandbox_payment_intents').execute();

    const { gateway, charges } = counting();
    expect((await submitWith(gateway, input)).response.status).toBe('succeeded');
    expect(charges).toHaveLength(0);
    expect(await intents()).toHaveLength(0);
  });
});
