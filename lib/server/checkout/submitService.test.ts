import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { demoSnapshot } from '@/tests/fixtures/demoSnapshot';
import { testDb } from '@/tests/fixtures/testDb';
import { sandboxCard, submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { offerFixture } from '@/tests/fixtures/flows';
import { renewalTerms } from '@/lib/checkout/paymentCopy';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import type { Database } from '@/lib/server/db/schema';
import type { CatalogueSnapshot } from '@/lib/server/catalogue/CatalogueRepository';
import { submitRequestSchema, type SubmitRequestInput } from '@/lib/checkout/submitContract';
import { HttpError } from '@/lib/server/http/HttpError';
import { SandboxGateway } from '@/lib/server/payments/sandbox/SandboxGateway';
import type { PaymentGateway } from '@/lib/server/payments/PaymentGateway';
import { applyGatewayEvent } from './reconcile';
import { submitCheckout, transactionIdFor } from './submitService';
import { TransactionRepository, transactionView } from './TransactionRepository';

let snapshot: CatalogueSnapshot;
let db: Kysely<Database>;
let gateway: SandboxGateway;
const now = () => new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  snapshot = await demoSnapshot();
});
beforeEach(async () => {
  db = await testDb();
  gateway = new SandboxGateway(db, async (event) => void (await applyGatewayEvent(db, event, now)), now);
});
afterEach(async () => db.destroy());

const request = submitRequestFixture;

const submit = (input: SubmitRequestInput) =>
  submitCheckout({ db, gateways: [gateway], now, waitForConcurrentMs: 2_000 }, snapshot, submitRequestSchema.parse(input));
const card = sandboxCard;
const transactions = () => db.selectFrom('transactions').selectAll().execute();

async function refusal(input: SubmitRequestInput) {
  try {
    await submit(input);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the submit to be refused');
}

describe('submitCheckout', () => {
  it('charges 4242, records the transaction with an invoice and a subscription, and points to success', async () => {
    const input = request();
    const { response, receipt } = await submit(input);
    expect(response).toEqual({
      status: 'succeeded',
      transactionId: transactionIdFor(input.idempotencyKey),
      successPath: '/vogue/demo-single/success?livemode=false',
    });
    expect(receipt).toEqual({ transactionId: response.transactionId, token: input.idempotencyKey });
    const row = await new TransactionRepository(db).findById(response.transactionId!);
    const view = transactionView(row!);
    expect(view).toMatchObject({
      status: 'succeeded',
      livemode: false,
      offer: { id: '1001', name: 'Vogue Digital' },
      coupon: null,
      paymentMethod: { method: 'card', brand: 'visa', last4: '4242' },
      invoice: {
        invoiceNumber: 'INV-TEST-2026-000001',
        subtotal: 2500,
        tax: 0,
        summaryTotal: { total: 2500, discount: { amount: 0, promoCode: null } },
      },
    });
    expect(view.subscription?.id).toMatch(/^sub_[a-z2-7]{16}$/);
    // The plan's price over time is kept with the order, for the invoice on the success page and in the account.
    expect(view.invoice.lines).toEqual([
      {
        offerId: '1001',
        name: 'Vogue Digital',
        amount: 2500,
        terms: { currencyCode: 'USD', billingInterval: 'year', firstAmount: 2500, renewalAmount: 5000, trialOffer: false, trialDays: null },
      },
    ]);
    expect(row?.source).toBe('newsletter');
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it.each([
    ['SAVE20', { subtotal: 9900, discount: 1980, total: 7920 }],
    ['TENOFF', { subtotal: 9900, discount: 1000, total: 8900 }],
    ['FREE100', { subtotal: 9900, discount: 9900, total: 0 }],
  ])('charges the server-side total with %s', async (couponCode, totals) => {
    const { response } = await submit(
      request({ brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2001', couponCode, returnPath: '/newyorker/demo-dual/credit-card' }),
    );
    expect(response.status).toBe('succeeded');
    const [row] = await transactions();
    expect(row).toMatchObject({ ...totals, coupon_code: couponCode, status: 'succeeded' });
    const [intent] = await db.selectFrom('sandbox_payment_intents').selectAll().execute();
    expect(intent?.amount).toBe(totals.total);
  });

  it('numbers invoices in sequence, live and test apart', async () => {
    // A real gateway as far as the checkout service can tell (it goes by Stripe's name): live payments may go through it.
    const real: PaymentGateway = {
      name: 'stripe',
      inputKinds: ['sandbox-card'],
      charge: (charge) => gateway.charge(charge),
      retrieve: (id) => gateway.retrieve(id),
      lookupAttempt: (attempt) => gateway.lookupAttempt(attempt),
    };
    await submit(request());
    await submit(request());
    await submitCheckout({ db, gateways: [real], now }, snapshot, submitRequestSchema.parse(request({ livemode: true })));
    expect((await transactions()).map((t) => t.invoice_number).sort()).toEqual([
      'INV-2026-000001',
      'INV-TEST-2026-000001',
      'INV-TEST-2026-000002',
    ]);
  });

  it('refuses an attempt retried with another payment method after a lost answer: nothing charged where nothing would reconcile it', async () => {
    const down: PaymentGateway = {
      name: 'sandbox-paypal',
      inputKinds: ['paypal'],
      charge: async () => {
        throw new Error('PayPal did not answer');
      },
      retrieve: async () => {
        throw new Error('unused');
      },
      lookupAttempt: async () => ({ kind: 'unknown', reason: 'not asked here' }),
    };
    const deps = { db, gateways: [gateway, down], now };
    const key = '9d0c3c5e-3e4f-4a51-9a55-2f4a5c1b9e02';
    await expect(
      submitCheckout(deps, snapshot, submitRequestSchema.parse(request({ idempotencyKey: key, payment: { kind: 'paypal' } }))),
    ).rejects.toThrow('PayPal did not answer');
    await expect(submitCheckout(deps, snapshot, submitRequestSchema.parse(request({ idempotencyKey: key })))).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toEqual([]);
  });

  it('answers a provider outage (sandbox card 4000 0000 0000 5035) with 503 payment_provider_unavailable, charging nothing', async () => {
    const input = request(card('4000 0000 0000 5035'));
    await expect(submit(input)).rejects.toMatchObject({ status: 503, code: 'payment_provider_unavailable', retryAfterSeconds: 120 });
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toEqual([]);
    expect((await transactions()).map((t) => t.status)).toEqual(['processing']);
    // The same attempt tried again with another card is refused (its invoice would name the
    // first card); a new attempt pays, and its invoice names the card charged.
    await expect(submit({ ...input, ...card('4242 4242 4242 4242') })).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
      message: 'This payment attempt was started with another card. Nothing was charged; please try again.',
    });
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toEqual([]);
    const { response } = await submit(request(card('4242 4242 4242 4242')));
    expect(response.status).toBe('succeeded');
    const paid = (await transactions()).find((t) => t.status === 'succeeded')!;
    expect(transactionView((await new TransactionRepository(db).findById(paid.id))!).paymentMethod).toMatchObject({
      method: 'card',
      last4: '4242',
    });
  });

  it("answers a malformed live-mode request as the caller's mistake (4xx) before saying that live payments are off", async () => {
    await expect(submit(request({ livemode: true, urlSlug: 'no-such-campaign' }))).rejects.toMatchObject({ status: 404 });
    await expect(submit(request({ livemode: true, offerId: '9999' }))).rejects.toMatchObject({ status: expect.any(Number) });
    await expect(submit(request({ livemode: true, offerId: '9999' }))).rejects.not.toMatchObject({ status: 503 });
  });

  it('never takes a live-mode payment through the sandbox: 503, nothing written', async () => {
    await expect(submit(request({ livemode: true }))).rejects.toMatchObject({
      status: 503,
      code: 'payments_unavailable',
      message: 'Live payments are not set up on this server. Nothing was charged.',
    });
    expect(await transactions()).toEqual([]);
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined. Please use a different card or contact your bank.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds. Please use a different card.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired. Please check the expiry date or use a different card.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code (CVC) is incorrect. Please check it and try again."],
    ['4242 4242 4242 4241', 'invalid_number', 'This card number is not valid. Please check it and try again.'],
  ])('%s fails as %s with a message, and a new attempt can succeed', async (number, code, message) => {
    const { response } = await submit(request(card(number)));
    expect(response).toMatchObject({ status: 'failed', code, message });
    expect((await transactions()).map((t) => [t.status, t.failure_code, t.invoice_number])).toEqual([['failed', code, null]]);
    const retry = await submit(request());
    expect(retry.response.status).toBe('succeeded');
  });

  it.each([
    ['4000 0000 0000 3220', 'approve', 'succeeded', null],
    ['4000 0027 6000 3184', 'approve', 'succeeded', null],
    ['4000 0000 0000 3220', 'fail', 'failed', 'authentication_failed'],
    ['4000 0084 0000 1629', 'approve', 'failed', 'generic_decline'],
  ] as const)('%s needs 3-D Secure; %s → %s', async (number, outcome, status, failureCode) => {
    const { response } = await submit(request(card(number)));
    expect(response).toMatchObject({ status: 'requires_action', action: { type: 'redirect' } });
    expect((await transactions())[0]).toMatchObject({ status: 'requires_action', invoice_number: null });
    const paymentId = (await transactions())[0]!.gateway_payment_id!;
    await gateway.authenticate(paymentId, outcome);
    const [row] = await transactions();
    expect(row).toMatchObject({ status, failure_code: failureCode });
    expect(row?.invoice_number === null).toBe(status === 'failed');
  });

  it('charges once for any number of concurrent submits of one attempt, and answers them all alike', async () => {
    const input = request();
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => submit(input)));
    expect(new Set(outcomes.map((o) => JSON.stringify(o.response))).size).toBe(1);
    expect(outcomes[0]!.response.status).toBe('succeeded');
    expect(await transactions()).toHaveLength(1);
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toHaveLength(1);
  });

  it('answers a repeated submit of a declined attempt with the same decline', async () => {
    const input = request(card('4000 0000 0000 0002'));
    const first = await submit(input);
    const second = await submit(input);
    expect(second.response).toEqual(first.response);
    expect(await transactions()).toHaveLength(1);
  });

  it("answers a paid attempt's key, sent again with a changed form after a lost answer, with that payment: never a second charge", async () => {
    const input = request();
    const first = await submit(input);
    expect(first.response.status).toBe('succeeded');
    const again = await submit({ ...input, billing: { ...input.billing, firstName: 'Grace' } });
    expect(again.response).toEqual(first.response);
    expect(await transactions()).toHaveLength(1);
  });

  it("refuses a declined attempt's key reused for a different order: the visitor starts a new attempt", async () => {
    const input = request(card('4000 0000 0000 0002'));
    await submit(input);
    expect(await refusal({ ...input, offerId: '1001', billing: { ...input.billing, firstName: 'Grace' } })).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
  });

  it.each([
    ['a promo code that cannot be used', request({ couponCode: 'OLD10' }), 422, 'coupon_not_applicable'],
    [
      'a print plan without an address',
      request({ brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2002', returnPath: '/newyorker/demo-dual/credit-card' }),
      400,
      'address_required',
    ],
    [
      'no consent where the state requires it',
      request({ billing: { email: 'a@example.com', firstName: 'A', lastName: 'B', country: 'US', region: 'CA' } }),
      422,
      'consent_required',
    ],
    [
      'an expired card',
      request({ payment: { kind: 'sandbox-card', number: '4242424242424242', expiry: '10/26', cvc: '123' } }),
      400,
      'card_expired',
    ],
    ['an offer of another campaign', request({ offerId: '2001' }), 404, 'offer_not_found'],
    [
      'an ended campaign (vogue/demo-ended)',
      request({ urlSlug: 'demo-ended', returnPath: '/vogue/demo-ended/credit-card' }),
      410,
      'campaign_ended',
    ],
  ])('refuses %s and writes nothing', async (_name, input, status, code) => {
    expect(await refusal(input)).toMatchObject({ status, code });
    expect(await transactions()).toEqual([]);
    expect(await db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('sandbox_payment_intents').selectAll().execute()).toEqual([]);
  });

  it('keeps the session id the page sent with the order, and none when it sent none', async () => {
    await submit(request({ trackingSessionId: 'pv-2f1c3b9a-0001' }));
    await submit(request());
    expect((await transactions()).map((row) => row.tracking_session_id).sort()).toEqual(['pv-2f1c3b9a-0001', null].sort());
  });

  it.each([
    ['spaces', 'not an id'],
    ['too short', 'pv1'],
    ['markup', '<script>alert(1)</script>'],
  ])('refuses a session id with %s, before charging anything', (_name, trackingSessionId) => {
    expect(submitRequestSchema.safeParse(request({ trackingSessionId })).success).toBe(false);
  });

  it("keeps the campaign's locale and the buyer's time zone with the order and its subscription, and acknowledges it in that language", async () => {
    const input = request({
      brand: 'gq',
      urlSlug: 'demo-de',
      offerId: '4101',
      timeZone: 'Europe/Berlin',
      returnPath: '/gq/demo-de/credit-card',
    });
    const deps = { db, gateways: [gateway], now, waitForConcurrentMs: 2_000, origin: 'https://subscribe.example.com' };
    const { response } = await submitCheckout(deps, snapshot, submitRequestSchema.parse(input));
    expect(response.status).toBe('succeeded');
    expect((await transactions()).map((row) => [row.locale, row.time_zone])).toEqual([['de-DE', 'Europe/Berlin']]);
    const subscriptions = await db.selectFrom('subscriptions').select(['locale', 'time_zone']).execute();
    expect(subscriptions).toEqual([{ locale: 'de-DE', time_zone: 'Europe/Berlin' }]);
    const mail = await db.selectFrom('outbox').selectAll().where('kind', '=', 'purchase-acknowledgment').executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^\[Test\] Ihr GQ-Abonnement: /);
    expect(mail.body_html).toContain('<html lang="de">');
    expect(mail.body_text).toContain('Nächste Abbuchung:');
  });

  it('serves a Quebec buyer of a Canadian English campaign in the French it offers: the order, its consent and its e-mail', async () => {
    const quebec = {
      brand: 'newyorker',
      urlSlug: 'demo-ca',
      offerId: '2201',
      billing: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Reader', country: 'CA', region: 'QC' },
      returnPath: '/newyorker/demo-ca/credit-card?livemode=false&lang=fr-CA',
      timeZone: 'America/Toronto',
    };
    const deps = { db, gateways: [gateway], now, waitForConcurrentMs: 2_000, origin: 'https://subscribe.example.com' };
    const { response } = await submitCheckout(deps, snapshot, submitRequestSchema.parse(request({ ...quebec, locale: 'fr-ca' })));
    expect(response.status).toBe('succeeded');
    expect((await transactions()).map((row) => row.locale)).toEqual(['fr-CA']);
    const mail = await db.selectFrom('outbox').selectAll().where('kind', '=', 'purchase-acknowledgment').executeTakeFirstOrThrow();
    expect(mail.body_html).toContain('<html lang="fr">');
    expect(mail.body_text).toMatch(/\d,\d\d\s\$/);
    // The catalogue's English sentences stay out of a French order: its mail and its record.
    expect(`${mail.body_text}${mail.body_html}`).not.toMatch(/one year, in Canada|Reporting, commentary/);
    const [kept] = await db.selectFrom('transactions').select('order_json').execute();
    expect(JSON.parse(kept!.order_json)).toMatchObject({ offer: { description: 'The New Yorker Digital' } });
  });

  it('refuses a language the campaign does not offer, before anything is written, and a malformed one in the schema', async () => {
    const refused = await refusal(request({ locale: 'de-DE' }));
    expect(refused).toMatchObject({ status: 400, code: 'invalid_locale' });
    expect(await transactions()).toEqual([]);
    const parsed = submitRequestSchema.safeParse(request({ locale: '<script>' }));
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['locale'], message: 'must be a locale such as fr-CA' });
  });

  it('keeps an English order in English, and a time zone this server does not know, or none, as UTC: never a refused purchase', async () => {
    await submit(request({ timeZone: 'Mars/Olympus_Mons' }));
    await submit(request({ timeZone: 'america/new_york' }));
    await submit(request());
    const kept = (await transactions()).map((row) => `${row.locale} ${row.time_zone}`).sort();
    expect(kept).toEqual(['en-US America/New_York', 'en-US UTC', 'en-US UTC']);
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['spaces', 'Europe/ Berlin'],
    ['too long', `Europe/${'A'.repeat(80)}`],
  ])('refuses a time zone with %s, with a message, before charging anything', (_name, timeZone) => {
    const parsed = submitRequestSchema.safeParse(request({ timeZone }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['timeZone'], message: expect.stringMatching(/IANA time zone|at most 64/) });
  });

  it('taxes print where it is delivered, and keeps the whole delivery address, its country and state', async () => {
    const billing = { email: 'a@example.com', firstName: 'A', lastName: 'B', country: 'US', region: 'NY' };
    const address = { line1: '1 State St', city: 'Albany', postalCode: '12207' };
    const toTexas = { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX' };
    const print = { brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2002', returnPath: '/newyorker/demo-dual/credit-card' };
    const { response } = await submit(
      request({ ...print, autoRenewalConsent: true, billing: { ...billing, address, deliveryAddress: toTexas } }),
    );
    const view = transactionView((await new TransactionRepository(db).findById(response.transactionId!))!);
    // $149.00 and Texas's 6.25 %: the buyer in New York (no rate in the demo's table) pays the destination's tax.
    expect(view.invoice).toMatchObject({ subtotal: 14900, tax: 931, summaryTotal: { total: 15831 } });
    expect(view.customer.deliveryAddress).toEqual(toTexas);
    const subscription = await db.selectFrom('subscriptions').select('delivery_address_json').executeTakeFirstOrThrow();
    expect(JSON.parse(subscription.delivery_address_json!)).toEqual(toTexas);
  });

  it('delivers a print order sent without a delivery country to the billing address, in the billing country and state', async () => {
    const billing = { email: 'b@example.com', firstName: 'A', lastName: 'B', country: 'US', region: 'TX' };
    const address = { line1: '1 Congress Ave', city: 'Austin', postalCode: '78701' };
    const print = { brand: 'newyorker', urlSlug: 'demo-dual', offerId: '2002', returnPath: '/newyorker/demo-dual/credit-card' };
    const { response } = await submit(request({ ...print, billing: { ...billing, address } }));
    const view = transactionView((await new TransactionRepository(db).findById(response.transactionId!))!);
    expect(view.customer.deliveryAddress).toEqual({ ...address, country: 'US', region: 'TX' });
    expect(view.invoice.tax).toBe(931);
  });

  it('stores the consent given where the state requires it', async () => {
    const { response } = await submit(
      request({
        autoRenewalConsent: true,
        billing: { email: 'a@example.com', firstName: 'A', lastName: 'B', country: 'US', region: 'NY' },
      }),
    );
    expect(response.status).toBe('succeeded');
    const [row] = await transactions();
    // Word for word the terms the payment step showed the buyer.
    expect(JSON.parse(row!.auto_renewal_consent_json!)).toEqual({
      text: renewalTerms(
        serverWords('en-US'),
        offerFixture({ id: '1001', totalAmount: 5000, discountedAmount: 2500 }),
        [],
        2500,
        'USD',
        '2026-11-21',
        'added',
      ).plan,
      givenAt: '2026-11-21T12:00:00.000Z',
      client: { address: null, userAgent: null },
    });
    expect(JSON.parse(row!.auto_renewal_consent_json!).text).toMatch(
      /^Today you pay \$25\.00\. Your subscription then renews automatically on November 21, 2027 and every year after that at \$50\.00/,
    );
  });
});

describe('confirmCheckout', () => {
  it('reads back a 3-D Secure outcome for the browser that holds the attempt key', async () => {
    const { confirmCheckout } = await import('./submitService');
    const input = request(card('4000 0000 0000 3220'));
    const { response } = await submit(input);
    expect(response.status).toBe('requires_action');
    const deps = { db, gateways: [gateway], now };
    expect(await confirmCheckout(deps, input.idempotencyKey, input.returnPath)).toMatchObject({ status: 'requires_action' });
    const [row] = await transactions();
    await gateway.authenticate(row!.gateway_payment_id!, 'approve');
    expect(await confirmCheckout(deps, input.idempotencyKey, input.returnPath)).toEqual({
      status: 'succeeded',
      transactionId: row!.id,
      successPath: '/vogue/demo-single/success?livemode=false',
    });
    await expect(confirmCheckout(deps, randomUUID(), input.returnPath)).rejects.toMatchObject({ status: 404 });
  });
});

describe('submitCheckout after review', () => {
  it('hands each payment to the gateway of its method, when several methods are enabled', async () => {
    const charged: string[] = [];
    const other: PaymentGateway = {
      name: 'stripe',
      inputKinds: ['stripe-payment-method'],
      charge: async (charge) => (charged.push(charge.payment.kind), { status: 'succeeded', paymentId: 'pi_other' }),
      retrieve: async () => ({ status: 'succeeded', paymentId: 'pi_other' }),
      lookupAttempt: async () => ({ kind: 'unknown', reason: 'not asked here' }),
    };
    const deps = { db, gateways: [gateway, other], now };
    const viaOther = await submitCheckout(
      deps,
      snapshot,
      submitRequestSchema.parse(request({ payment: { kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' } })),
    );
    const viaSandbox = await submitCheckout(deps, snapshot, submitRequestSchema.parse(request()));
    expect([viaOther.response.status, viaSandbox.response.status]).toEqual(['succeeded', 'succeeded']);
    expect(charged).toEqual(['stripe-payment-method']);
    expect((await transactions()).map((row) => row.gateway).sort()).toEqual(['sandbox', 'stripe']);
  });

  it('refuses a payment the gateway cannot take, before writing anything', async () => {
    expect(await refusal(request({ payment: { kind: 'stripe-payment-method', paymentMethodId: 'pm_card_visa' } }))).toMatchObject({
      status: 400,
      code: 'payment_method_mismatch',
    });
    expect(await transactions()).toEqual([]);
    expect(await db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
  });

  it("answers a repeated attempt with its answer even once the card's month has passed", async () => {
    const input = request({ payment: { kind: 'sandbox-card', number: '4242424242424242', expiry: '11/26', cvc: '123' } });
    const first = await submit(input);
    expect(first.response.status).toBe('succeeded');
    const later = () => new Date('2026-12-02T12:00:00Z');
    const again = await submitCheckout({ db, gateways: [gateway], now: later }, snapshot, submitRequestSchema.parse(input));
    expect(again.response).toEqual(first.response);
  });

  it('takes upper-case attempt keys as lower-case, so the receipt matches', async () => {
    const key = randomUUID().toUpperCase();
    const { receipt } = await submit(request({ idempotencyKey: key }));
    expect(receipt?.token).toBe(key.toLowerCase());
  });
});

describe('submitCheckout for a signed-in subscriber', () => {
  it('does not sell the same brand twice, but still answers an attempt that was already paid', async () => {
    let subscribed = false;
    const deps = { db, gateways: [gateway], now, alreadySubscribed: async () => subscribed };
    const paid = request();
    const first = await submitCheckout(deps, snapshot, submitRequestSchema.parse(paid));
    expect(first.response.status).toBe('succeeded');
    subscribed = true;
    expect((await submitCheckout(deps, snapshot, submitRequestSchema.parse(paid))).response).toEqual(first.response);
    await expect(submitCheckout(deps, snapshot, submitRequestSchema.parse(request()))).rejects.toMatchObject({
      status: 409,
      code: 'already_subscribed',
    });
    expect(await transactions()).toHaveLength(1);
  });
});

describe('submitCheckout for an e-mail that already has a live subscription (issue 24, finding 5)', () => {
  let charges: number;
  /** A real gateway as far as the checkout service can tell (Stripe's name): live payments go through it. */
  const live = () => {
    const real: PaymentGateway = {
      name: 'stripe',
      inputKinds: ['sandbox-card'],
      charge: (charge) => {
        charges += 1;
        return gateway.charge(charge);
      },
      retrieve: (id) => gateway.retrieve(id),
      lookupAttempt: (attempt) => gateway.lookupAttempt(attempt),
    };
    return (input: SubmitRequestInput, buyerIdentity: string | null = null) =>
      submitCheckout({ db, gateways: [real], now, buyerIdentity }, snapshot, submitRequestSchema.parse(input));
  };
  beforeEach(() => {
    charges = 0;
  });

  /** The answer with what differs per attempt taken out: what a stranger could compare. */
  const shape = (response: object) => ({ ...response, transactionId: typeof (response as { transactionId?: unknown }).transactionId });

  it('charges a subscribed address like any other, and answers it exactly as an unknown one (no oracle)', async () => {
    const pay = live();
    expect((await pay(request({ livemode: true }))).response.status).toBe('succeeded');
    const subscribedAddress = { email: ' ADA@example.com ', firstName: 'Ada', lastName: 'Reader', country: 'GB' };
    const unknownAddress = { ...subscribedAddress, email: 'nobody-here@example.com' };
    const again = await pay(request({ livemode: true, billing: subscribedAddress }));
    const stranger = await pay(request({ livemode: true, billing: unknownAddress }));
    expect(again.response.status).toBe('succeeded');
    expect(shape(again.response)).toEqual(shape(stranger.response));
    expect(Object.keys(again)).toEqual(Object.keys(stranger));
    expect(charges).toBe(3);
    expect(await transactions()).toHaveLength(3);
  });

  it('charges it just the same for a visitor signed in as another address', async () => {
    const pay = live();
    await pay(request({ livemode: true }));
    const again = await pay(request({ livemode: true }), 'someone-else@example.com');
    const stranger = await pay(
      request({ livemode: true, billing: { ...request().billing, email: 'nobody-here@example.com' } }),
      'someone-else@example.com',
    );
    expect(again.response.status).toBe('succeeded');
    expect(shape(again.response)).toEqual(shape(stranger.response));
    expect(charges).toBe(3);
  });

  it('leaves a visitor signed in as that address to the verified check (who may be buying again on purpose)', async () => {
    const pay = live();
    await pay(request({ livemode: true }), 'ada@example.com');
    expect((await pay(request({ livemode: true }), 'ada@example.com')).response.status).toBe('succeeded');
    expect(charges).toBe(2);
  });
});
