import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db, later, now, sandbox, setUpSandboxCheckout, snapshot } from '@/tests/fixtures/sandboxCheckout';
import { submitRequestSchema, type SubmitRequestInput } from '@/lib/checkout/submitContract';
import { HttpError } from '@/lib/server/http/HttpError';
import { RateLimiter } from '@/lib/server/identity/RateLimiter';
import type { ChargeRequest, ChargeResult, PaymentGateway, PaymentInput } from '@/lib/server/payments/PaymentGateway';
import { abusePolicy } from './abuseLimits';
import { CheckoutLimits } from './CheckoutLimits';
import { confirmCheckout, submitCheckout, transactionIdFor } from './submitService';

/**
 * The abuse limits as the submit and confirm services apply them: a refused request writes
 * no transaction and reaches no gateway, declines are counted where the service learns of
 * them, and the card is told by its fingerprint, never by its number.
 */

setUpSandboxCheckout();

/** A gateway that records what reaches it: a live card gateway (as Stripe) answering `outcome`, with a fixed card fingerprint per payment method. */
function liveCardGateway(outcome: ChargeResult) {
  const charges: ChargeRequest[] = [];
  const fingerprints: PaymentInput[] = [];
  const gateway: PaymentGateway = {
    name: 'stripe',
    inputKinds: ['stripe-payment-method'],
    async charge(request) {
      charges.push(request);
      return outcome;
    },
    async retrieve() {
      return { status: 'failed', paymentId: 'pi_1', code: 'authentication_failed' };
    },
    lookupAttempt: async () => ({ kind: 'unknown', reason: 'not asked here' }),
    async cardFingerprint(payment) {
      fingerprints.push(payment);
      return payment.kind === 'stripe-payment-method' ? `fp_${payment.paymentMethodId.split('_').pop()}` : null;
    },
  };
  return { gateway, charges, fingerprints };
}

/** Counts the sandbox's charges too. */
function countingSandbox() {
  const charges: ChargeRequest[] = [];
  const gateway: PaymentGateway = {
    name: sandbox.name,
    inputKinds: sandbox.inputKinds,
    charge: (request) => {
      charges.push(request);
      return sandbox.charge(request);
    },
    retrieve: (id) => sandbox.retrieve(id),
    lookupAttempt: (attempt) => sandbox.lookupAttempt(attempt),
    cardFingerprint: (payment) => sandbox.cardFingerprint(payment),
  };
  return { gateway, charges };
}

/** Each buyer a new address: the same address buying live twice is a repeat buyer, stopped before the limits matter. */
function request(overrides: Partial<SubmitRequestInput> = {}): SubmitRequestInput {
  return {
    idempotencyKey: randomUUID(),
    brand: 'vogue',
    urlSlug: 'demo-single',
    offerId: '1001',
    billing: { email: `ada+${randomUUID().slice(0, 8)}@example.com`, firstName: 'Ada', lastName: 'Reader', country: 'GB' },
    autoRenewalConsent: false,
    payment: { kind: 'sandbox-card', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    livemode: false,
    source: null,
    returnPath: '/vogue/demo-single/credit-card?livemode=false',
    ...overrides,
  };
}
const live = (paymentMethodId: string) =>
  request({
    livemode: true,
    payment: { kind: 'stripe-payment-method', paymentMethodId },
    returnPath: '/vogue/demo-single/credit-card?livemode=true',
  });
const card = (number: string) => ({ payment: { kind: 'sandbox-card' as const, number, expiry: '12/30', cvc: '123' } });

const limitsFor = (client: string) => new CheckoutLimits(new RateLimiter(db, now), abusePolicy(), client, now);
const submit = (gateway: PaymentGateway, client: string, input: SubmitRequestInput) =>
  submitCheckout({ db, gateways: [gateway], now, limits: limitsFor(client) }, snapshot, submitRequestSchema.parse(input));

async function refusal(call: Promise<unknown>): Promise<HttpError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}
const transactions = () => db.selectFrom('transactions').selectAll().execute();
const idempotencyRows = () => db.selectFrom('idempotency_keys').selectAll().execute();

describe('submitCheckout with abuse limits', () => {
  it('refuses the 11th live submit from an address with a 429: no transaction, no attempt claimed, no gateway reached', async () => {
    const { gateway, charges, fingerprints } = liveCardGateway({ status: 'succeeded', paymentId: 'pi_ok' });
    for (let i = 0; i < 10; i += 1) expect((await submit(gateway, '203.0.113.1', live(`pm_card_${i}`))).response.status).toBe('succeeded');
    const [rowsBefore, keysBefore] = [await transactions(), await idempotencyRows()];
    const refused = await refusal(submit(gateway, '203.0.113.1', live('pm_card_new')));
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 600 });
    expect(refused!.message).toBe('Too many payment attempts from your connection. Please wait 10 minutes and try again.');
    expect(await transactions()).toEqual(rowsBefore);
    expect(await idempotencyRows()).toEqual(keysBefore);
    expect(charges).toHaveLength(10);
    // Refused on its address before the gateway was even asked about the card.
    expect(fingerprints).toHaveLength(10);
  });

  it("limits a live card by the gateway's fingerprint across addresses: the 6th in an hour is refused before any charge", async () => {
    const { gateway, charges } = liveCardGateway({ status: 'succeeded', paymentId: 'pi_ok' });
    // pm_a_same and pm_b_same: two payment methods made from one card (the same fingerprint).
    for (let i = 0; i < 5; i += 1) await submit(gateway, `198.51.100.${i}`, live(`pm_${i}_same`));
    const refused = await refusal(submit(gateway, '192.0.2.1', live('pm_x_same')));
    expect(refused).toMatchObject({ status: 429, message: expect.stringContaining('with this card') });
    expect(charges).toHaveLength(5);
    expect(await transactions()).toHaveLength(5);
    expect((await submit(gateway, '192.0.2.1', live('pm_x_other'))).response.status).toBe('succeeded');
  });

  it('counts live declines and slows the card, then the address, down', async () => {
    const { gateway, charges } = liveCardGateway({ status: 'failed', paymentId: 'pi_no', code: 'generic_decline' });
    for (let i = 0; i < 3; i += 1) expect((await submit(gateway, '203.0.113.5', live(`pm_${i}_stolen`))).response.status).toBe('failed');
    expect(await refusal(submit(gateway, '203.0.113.5', live('pm_3_stolen')))).toMatchObject({
      status: 429,
      message: expect.stringContaining('declined too many times'),
    });
    for (let i = 0; i < 2; i += 1) await submit(gateway, '203.0.113.5', live(`pm_${i}_another${i}`));
    // Five declines from the address: every card is refused from it for 10 minutes.
    const refused = await refusal(submit(gateway, '203.0.113.5', live('pm_9_fresh')));
    expect(refused).toMatchObject({
      status: 429,
      retryAfterSeconds: 600,
      message: 'Too many declined payments from your connection. Please wait 10 minutes and try again.',
    });
    expect(charges).toHaveLength(5);
    expect(await transactions()).toHaveLength(5);
    later(10 * 60_000);
    expect((await submit(gateway, '203.0.113.5', live('pm_9_fresh'))).response.status).toBe('failed');
  });

  it('does not count a failure that is ours (processing_error) as a decline', async () => {
    const { gateway } = liveCardGateway({ status: 'failed', paymentId: null, code: 'processing_error' });
    for (let i = 0; i < 8; i += 1) await submit(gateway, '203.0.113.6', live(`pm_${i}_card${i}`));
    expect(await refusal(submit(gateway, '203.0.113.6', live('pm_8_card8')))).toBeNull();
  });

  it('gives a retried attempt that was answered its answer, without counting it', async () => {
    const { gateway, charges } = liveCardGateway({ status: 'succeeded', paymentId: 'pi_ok' });
    const same = live('pm_0_mine');
    for (let i = 0; i < 30; i += 1) expect((await submit(gateway, '203.0.113.7', same)).response.status).toBe('succeeded');
    expect(charges).toHaveLength(1);
    expect(await refusal(submit(gateway, '203.0.113.7', live('pm_1_next')))).toBeNull();
  });

  it('tells sandbox cards apart by a keyed hash of the number (never the number), the same from any address and however it is typed', async () => {
    const { gateway, charges } = countingSandbox();
    await submit(gateway, '203.0.113.20', request(card('4000 0000 0000 0002')));
    const fingerprint = await sandbox.cardFingerprint({
      kind: 'sandbox-card',
      number: '4000-0000-0000-0002',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(
      await sandbox.cardFingerprint({ kind: 'sandbox-card', number: '4000000000000002', expMonth: 1, expYear: 2031, cvc: '999' }),
    ).toBe(fingerprint);
    expect(
      await sandbox.cardFingerprint({ kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
    ).not.toBe(fingerprint);
    const buckets = (await db.selectFrom('rate_limits').select('bucket').execute()).map((row) => row.bucket);
    expect(buckets).toContain(`checkout:declines:test:card:sandbox:${fingerprint}`);
    expect(JSON.stringify(buckets)).not.toMatch(/4000\D?0000\D?0000\D?0002|0002/);
    // Test mode: the same test card from a second address is still let on (everyone pays with test cards).
    expect((await submit(gateway, '198.51.100.20', request(card('4000 0000 0000 0002')))).response.status).toBe('failed');
    expect(charges).toHaveLength(2);
  });

  it('refuses the 301st test-mode submit of a test card across addresses, and writes nothing for it', async () => {
    const limiter = new RateLimiter(db, now);
    const fingerprint = await sandbox.cardFingerprint({
      kind: 'sandbox-card',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    // 300 earlier submits of 4242 this window (counted directly: the test stays fast).
    await limiter.allowAmount(`checkout:submits:test:card:sandbox:${fingerprint}:600s`, 300, 300, 10 * 60_000);
    const { gateway, charges } = countingSandbox();
    const refused = await refusal(submit(gateway, '192.0.2.99', request()));
    expect(refused).toMatchObject({ status: 429, message: expect.stringContaining('with this card') });
    expect(charges).toEqual([]);
    expect(await transactions()).toEqual([]);
    expect((await submit(gateway, '192.0.2.99', request(card('5555 5555 5555 4444')))).response.status).toBe('succeeded');
  });

  it('limits a wallet (no card) by its address only', async () => {
    const wallet: PaymentGateway = {
      name: 'paypal',
      inputKinds: ['paypal'],
      charge: async () => ({ status: 'failed', paymentId: null, code: 'wallet_declined' }),
      retrieve: async () => ({ status: 'failed', paymentId: null, code: 'wallet_declined' }),
      lookupAttempt: async () => ({ kind: 'unknown', reason: 'not asked here' }),
    };
    const paypal = () =>
      request({ livemode: true, payment: { kind: 'paypal' }, returnPath: '/vogue/demo-single/credit-card?livemode=true' });
    for (let i = 0; i < 5; i += 1) await submit(wallet, '203.0.113.30', paypal());
    expect(await refusal(submit(wallet, '203.0.113.30', paypal()))).toMatchObject({
      status: 429,
      message: expect.stringContaining('declined payments from your connection'),
    });
    expect(await refusal(submit(wallet, '203.0.113.31', paypal()))).toBeNull();
  });
});

describe('confirmCheckout with abuse limits', () => {
  it('refuses the 31st confirm from an address before reading anything, and counts a decline it learns of', async () => {
    const { gateway } = liveCardGateway({
      status: 'requires_action',
      paymentId: 'pi_3ds',
      action: { type: 'stripe_sdk', clientSecret: 'pi_3ds_secret' },
    });
    const attempt = live('pm_0_threeds');
    await submit(gateway, '203.0.113.40', attempt);
    const limits = limitsFor('203.0.113.40');
    const deps = { db, gateways: [gateway], now, limits };
    // The bank failed the authentication: a decline, against the address.
    expect(await confirmCheckout(deps, attempt.idempotencyKey, attempt.returnPath)).toMatchObject({
      status: 'failed',
      code: 'authentication_failed',
    });
    const declines = await new RateLimiter(db, now).peek('checkout:declines:live:client:203.0.113.40', 12 * 3_600_000);
    expect(declines.count).toBe(1);
    for (let i = 1; i < 30; i += 1) await confirmCheckout(deps, attempt.idempotencyKey, attempt.returnPath);
    const refused = await refusal(confirmCheckout(deps, attempt.idempotencyKey, attempt.returnPath));
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 600 });
    expect(refused!.message).toContain('your payment will not be taken twice');
    expect(
      await refusal(confirmCheckout({ ...deps, limits: limitsFor('198.51.100.40') }, attempt.idempotencyKey, attempt.returnPath)),
    ).toBeNull();
    expect((await db.selectFrom('transactions').select('id').execute()).map((row) => row.id)).toEqual([
      transactionIdFor(attempt.idempotencyKey),
    ]);
  });
});
