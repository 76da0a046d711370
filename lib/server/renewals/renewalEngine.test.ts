import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { submitRequestFixture } from '@/tests/fixtures/submitRequest';
import { db, later, now, sandbox, setClock, setUpSandboxCheckout } from '@/tests/fixtures/sandboxCheckout';
import { buyVogueDigital, renewalDeps, submitVogueDigital } from '@/tests/fixtures/sandboxSubscription';
import { submitRequestSchema } from '@/lib/checkout/submitContract';
import { submitCheckout } from '@/lib/server/checkout/submitService';
import type { MailKind } from '@/lib/mail/mailKinds';
import type { PaymentGateway, RenewalChargeRequest } from '@/lib/server/payments/PaymentGateway';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import { DEFAULT_RETRY_DAYS } from '@/lib/subscriptions/renewalPolicy';
import { runDueRenewals, runRenewalsOf } from './renewalEngine';
import { RenewalRepository } from './RenewalRepository';
import { settleHeldRenewal } from './renewalConfirmation';
import { instrumentTag } from './renewalOrder';
import { CatalogueRepository } from '@/lib/server/catalogue/CatalogueRepository';
import { importCatalogueJson } from '@/lib/server/catalogue/importCatalogue';
import { readDemoCatalogue } from '@/lib/server/catalogue/demoCatalogue';

/** A date as the English e-mails and pages write it, in UTC. */
const dateText = (instant: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(instant));

const DAY = 24 * 3600_000;

setUpSandboxCheckout();

/** The sandbox, counting the renewal charges that reach it. */
function counting(gateway: PaymentGateway = sandbox) {
  const renewals: RenewalChargeRequest[] = [];
  const counted: PaymentGateway = {
    name: gateway.name,
    inputKinds: gateway.inputKinds,
    charge: (request) => gateway.charge(request),
    retrieve: (id, livemode) => gateway.retrieve(id, livemode),
    lookupAttempt: (attempt) => gateway.lookupAttempt(attempt),
    renew: (request) => (renewals.push(request), gateway.renew!(request)),
  };
  return { gateway: counted, renewals };
}

const deps = renewalDeps;
const buy = buyVogueDigital;

const subscription = (id: string) => new SubscriptionRepository(db).findById(id);
const renewalsOf = (id: string) => db.selectFrom('transactions').selectAll().where('renewal_of', '=', id).execute();
const mails = (kind: MailKind) => db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();

describe('the renewal engine', () => {
  it('charges a due renewal once, with its own invoice and receipt, and moves the subscription to the paid period', async () => {
    const id = await buy();
    const bought = (await subscription(id))!;
    const { gateway, renewals } = counting();
    expect(await runDueRenewals(deps(gateway))).toEqual([{ subscriptionId: id, steps: [] }]);

    setClock(bought.currentPeriodEnd);
    // Vogue Digital's first year is at a promotional price: its notice comes first (it was due 14 days before).
    expect(await runDueRenewals(deps(gateway))).toEqual([{ subscriptionId: id, steps: ['notice (renewal)', 'renewed'] }]);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      idempotencyKey: `renewal:${id}:${bought.currentPeriodEnd}:0:${instrumentTag(bought.instrument!)}`,
      livemode: false,
    });

    const renewed = (await subscription(id))!;
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: bought.currentPeriodEnd });
    expect(Date.parse(renewed.currentPeriodEnd)).toBeGreaterThan(Date.parse(bought.currentPeriodEnd));
    // Next: the notice of a year's term renewing, 30 days before it.
    expect(renewed.nextActionAt).toBe(new Date(Date.parse(renewed.currentPeriodEnd) - 30 * DAY).toISOString());
    const [invoice] = await renewalsOf(id);
    expect(invoice).toMatchObject({ status: 'succeeded', period_start: bought.currentPeriodEnd, period_end: renewed.currentPeriodEnd });
    expect(invoice!.invoice_number).toMatch(/^US-TEST-\d{4}-\d{6}$/);
    expect(invoice!.total).toBe(renewals[0]!.amount);
    const [receipt] = await mails('renewal-receipt');
    expect(receipt).toMatchObject({ to_email: 'ada@example.com' });
    expect(receipt!.body_text).toContain(invoice!.invoice_number!);
    expect(receipt!.subject).toMatch(/^\[Test\] /);
    expect(receipt!.body_text).toContain('This was a test renewal');

    // Nothing more is due until the next period ends.
    later(DAY);
    expect(await runDueRenewals(deps(gateway))).toEqual([]);
    expect(renewals).toHaveLength(1);
  });

  it('shares due renewals between concurrent runs: each charged once', async () => {
    const ids = [await buy('4242424242424242', 'a@example.com'), await buy('4242424242424242', 'b@example.com')];
    setClock((await subscription(ids[0]!))!.currentPeriodEnd);
    later(DAY);
    const { gateway, renewals } = counting();
    const runs = await Promise.all([runDueRenewals(deps(gateway)), runDueRenewals(deps(gateway)), runDueRenewals(deps(gateway))]);
    expect(
      runs
        .flat()
        .map((outcome) => outcome.subscriptionId)
        .sort(),
    ).toEqual([...ids].sort());
    expect(renewals).toHaveLength(2);
    for (const id of ids) expect(await renewalsOf(id)).toHaveLength(1);
  });

  it('retries a soft decline over two weeks, past due meanwhile, then ends it unpaid with an e-mail', async () => {
    const id = await buy('4000000000000341');
    const { gateway, renewals } = counting();
    const periodEnd = (await subscription(id))!.currentPeriodEnd;
    setClock(periodEnd);
    expect(await runDueRenewals(deps(gateway))).toMatchObject([{ steps: ['notice (renewal)', 'failed (generic_decline)'] }]);
    const pastDue = (await subscription(id))!;
    expect(pastDue).toMatchObject({ status: 'past_due', dunning: { tries: 1, pastDueSince: periodEnd, failureCode: 'generic_decline' } });
    expect(pastDue.dunning.retryAt).toBe(new Date(Date.parse(periodEnd) + DAY).toISOString());
    expect(pastDue.nextActionAt).toBe(pastDue.dunning.retryAt);
    const [notice] = await mails('renewal-failed');
    expect(notice!.body_text).toContain('We will try again on');
    expect(notice!.link).toBe(`https://subscribe.example.com/account/subscriptions/${id}/card?livemode=false`);

    for (const day of DEFAULT_RETRY_DAYS) {
      setClock(Date.parse(periodEnd) + day * DAY);
      await runDueRenewals(deps(gateway));
    }
    expect(renewals.map((request) => request.idempotencyKey.split(':').at(-2))).toEqual(['0', '1', '2', '3', '4']);
    expect(await subscription(id)).toMatchObject({ status: 'ended', endReason: 'payment_failed', nextActionAt: null });
    expect(await mails('renewal-failed')).toHaveLength(1);
    expect(await mails('renewal-ended')).toHaveLength(1);
    // A test subscription's: both say so, in the subject and the body.
    for (const mail of [...(await mails('renewal-failed')), ...(await mails('renewal-ended'))]) {
      expect(mail.subject).toMatch(/^\[Test\] /);
      expect(mail.body_text).toContain('This is a test subscription');
      expect(mail.body_html).toContain('This is a test subscription');
    }
    expect(await renewalsOf(id)).toMatchObject([{ status: 'failed', failure_code: 'generic_decline', invoice_number: null }]);
  });

  it('charges at once when the card is changed while past due, and makes it active again', async () => {
    const id = await buy('4000000000000341');
    const periodEnd = (await subscription(id))!.currentPeriodEnd;
    setClock(periodEnd);
    await runDueRenewals(deps());
    later(3600_000);
    // The new card: a sandbox payment that pays its renewals.
    const saved = await sandbox.saveCard({
      payment: { kind: 'sandbox-card', number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      livemode: false,
      current: null,
      customer: { email: 'ada@example.com' },
      currencyCode: 'USD',
      idempotencyKey: randomUUID(),
      subscriptionId: id,
    });
    expect(saved.status).toBe('saved');
    if (saved.status !== 'saved') return;
    await db
      .updateTable('subscriptions')
      .set({ instrument_json: JSON.stringify(saved.instrument) })
      .where('id', '=', id)
      .execute();
    await new RenewalRepository(db).retryNow((await subscription(id))!, now());
    expect(await runRenewalsOf(deps(), id)).toEqual({ subscriptionId: id, steps: ['renewed (recovered)'] });
    expect(await subscription(id)).toMatchObject({ status: 'active', dunning: { tries: 0, pastDueSince: null } });
    const [receipt] = await mails('renewal-receipt');
    expect(receipt!.subject).toContain('renewed');
    expect(receipt!.body_text).toContain('active again');
    // Recovered: paid, with the code of the try that failed before.
    expect(await renewalsOf(id)).toMatchObject([{ status: 'succeeded', failure_code: 'generic_decline' }]);
  });

  it('does not retry a subscription with nothing to charge, and ends it after the last day', async () => {
    const id = await buy();
    await db.updateTable('subscriptions').set({ instrument_json: null, needs_payment_method: 1 }).where('id', '=', id).execute();
    const { gateway, renewals } = counting();
    const periodEnd = (await subscription(id))!.currentPeriodEnd;
    setClock(periodEnd);
    await runDueRenewals(deps(gateway));
    expect(await subscription(id)).toMatchObject({
      status: 'past_due',
      dunning: { retryAt: null, failureCode: 'payment_method_required' },
    });
    setClock(Date.parse(periodEnd) + 7 * DAY);
    expect(await runDueRenewals(deps(gateway))).toEqual([]);
    setClock(Date.parse(periodEnd) + 14 * DAY);
    expect(await runDueRenewals(deps(gateway))).toMatchObject([{ steps: ['ended (unpaid)'] }]);
    expect(renewals).toHaveLength(0);
  });

  it('asks the owner of a subscription with nothing to charge for a card 7 days before, once; the renewal then fails as before', async () => {
    const id = await buy();
    await db.updateTable('subscriptions').set({ instrument_json: null, needs_payment_method: 1 }).where('id', '=', id).execute();
    const { gateway, renewals } = counting();
    const periodEnd = (await subscription(id))!.currentPeriodEnd;
    const askAt = new Date(Date.parse(periodEnd) - 7 * DAY).toISOString();
    await runDueRenewals(deps(gateway));
    // The notice the promotional year needs comes first (15 days before), then the card is asked for.
    setClock(Date.parse(periodEnd) - 15 * DAY);
    expect(await runDueRenewals(deps(gateway))).toEqual([{ subscriptionId: id, steps: ['notice (renewal)'] }]);
    expect((await subscription(id))!.nextActionAt).toBe(askAt);
    setClock(askAt);
    expect(await runDueRenewals(deps(gateway))).toEqual([{ subscriptionId: id, steps: ['notice (card-needed)'] }]);
    expect(await runRenewalsOf(deps(gateway), id)).toEqual({ subscriptionId: id, steps: [] });

    const notices = await db.selectFrom('subscription_notices').selectAll().where('kind', '=', 'card-needed').execute();
    expect(notices).toMatchObject([{ subscription_id: id, about: periodEnd, due_at: askAt, sent_at: askAt }]);
    const endsAt = new Date(Date.parse(periodEnd) + 14 * DAY).toISOString();
    expect(JSON.parse(notices[0]!.content_json)).toEqual({
      renewsOn: periodEnd,
      amount: 5000,
      currencyCode: 'USD',
      accessUntil: endsAt,
      endsAt,
    });
    const [mail] = await mails('card-needed');
    expect(mail!.id).toBe(notices[0]!.mail_id);
    expect(mail).toMatchObject({
      to_email: 'ada@example.com',
      subject: '[Test] Action needed: add a card to renew your Vogue subscription',
      link: `https://subscribe.example.com/account/subscriptions/${id}/card?livemode=false`,
    });
    expect(mail!.body_text).toContain(
      `We hold no payment method that can renew Vogue Digital. It renews automatically on ${dateText(periodEnd)} for $50.00`,
    );
    expect(mail!.body_text).toContain(`you keep access until ${dateText(endsAt)}`);
    expect(mail!.body_text).toContain(`otherwise it ends on ${dateText(endsAt)}`);

    // Nothing changed: the renewal fails as before, a hard decline, and its failure e-mail follows.
    expect((await subscription(id))!.nextActionAt).toBe(periodEnd);
    setClock(periodEnd);
    expect(await runDueRenewals(deps(gateway))).toEqual([{ subscriptionId: id, steps: ['failed (payment_method_required)'] }]);
    expect(await subscription(id)).toMatchObject({
      status: 'past_due',
      dunning: { retryAt: null, failureCode: 'payment_method_required', graceUntil: endsAt },
    });
    expect(renewals).toHaveLength(0);
    expect(await mails('card-needed')).toHaveLength(1);
    expect(await mails('renewal-failed')).toHaveLength(1);
  });

  it('asks at once for a record found less than 7 days before its renewal; not one that holds a card', async () => {
    const cardless = await buy('4242424242424242', 'a@example.com');
    const carded = await buy('4242424242424242', 'b@example.com');
    await db.updateTable('subscriptions').set({ instrument_json: null, needs_payment_method: 1 }).where('id', '=', cardless).execute();
    const periodEnd = (await subscription(cardless))!.currentPeriodEnd;
    setClock(Date.parse(periodEnd) - 2 * DAY);
    const outcomes = await runDueRenewals(deps());
    expect(outcomes.find((outcome) => outcome.subscriptionId === cardless)!.steps).toEqual(['notice (renewal)', 'notice (card-needed)']);
    expect(outcomes.find((outcome) => outcome.subscriptionId === carded)!.steps).toEqual(['notice (renewal)']);
    expect(await mails('card-needed')).toMatchObject([{ to_email: 'a@example.com' }]);
  });

  it('keeps a change made while a run held the subscription: its next action is not pushed back by the run', async () => {
    const id = await buy();
    const bought = (await subscription(id))!;
    setClock(bought.currentPeriodEnd);
    // While the run charges it, a change (a cancel, a price import) makes it due at once.
    const changedAt = new Date(now().getTime() + 1000).toISOString();
    const changing: PaymentGateway = {
      ...counting().gateway,
      renew: async (request) => {
        await db.updateTable('subscription_schedule').set({ next_action_at: changedAt }).where('subscription_id', '=', id).execute();
        return sandbox.renew!(request);
      },
    };
    expect(await runDueRenewals(deps(changing))).toEqual([{ subscriptionId: id, steps: ['notice (renewal)', 'renewed'] }]);
    // Without the change it would wait for next year's notice; it is looked at again first.
    expect((await subscription(id))!.nextActionAt).toBe(changedAt);
    setClock(Date.parse(changedAt) + 1000);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: [] }]);
    const renewed = (await subscription(id))!;
    expect(renewed.nextActionAt).toBe(new Date(Date.parse(renewed.currentPeriodEnd) - 30 * DAY).toISOString());
  });

  it('ends a cancelled subscription at its period end without charging it', async () => {
    const id = await buy();
    await db.updateTable('subscriptions').set({ cancel_at_period_end: 1 }).where('id', '=', id).execute();
    const { gateway, renewals } = counting();
    const periodEnd = (await subscription(id))!.currentPeriodEnd;
    setClock(periodEnd);
    expect(await runDueRenewals(deps(gateway))).toMatchObject([{ steps: ['ended (cancelled)'] }]);
    expect(await subscription(id)).toMatchObject({ status: 'ended', endReason: 'cancelled', endedAt: periodEnd, nextActionAt: null });
    expect(renewals).toHaveLength(0);
  });

  it('charges nothing twice after a run died between the charge and its record: the same key is asked again', async () => {
    const id = await buy();
    const periodEnd = (await subscription(id))!.currentPeriodEnd;
    setClock(periodEnd);
    // The first run's charge reached the sandbox, then the process died: its lease runs out.
    const dying: PaymentGateway = {
      ...counting().gateway,
      renew: async (request) => (await sandbox.renew(request), new Promise(() => {})),
    };
    void runDueRenewals(deps(dying, { leaseMs: 60_000 }));
    for (let i = 0; i < 200 && (await db.selectFrom('sandbox_payment_intents').selectAll().execute()).length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await renewalsOf(id)).toMatchObject([{ status: 'processing' }]);
    expect(await runDueRenewals(deps())).toEqual([]);
    later(61_000);
    expect(await runDueRenewals(deps())).toMatchObject([{ steps: ['renewed'] }]);
    const intents = await db.selectFrom('sandbox_payment_intents').selectAll().execute();
    expect(intents).toHaveLength(2);
    expect(await renewalsOf(id)).toMatchObject([{ status: 'succeeded', gateway_payment_id: intents[1]!.id }]);
  });

  it('sends the notice an introductory price needs before it ends, once, recorded with what it said', async () => {
    const id = await buy();
    const bought = (await subscription(id))!;
    // A promotional first year (Vogue Digital at $25.00, then $50.00): 3 to 21 days before its end, and 15 to 45 for a year's term.
    expect(bought.introductoryUntil).toBe(bought.currentPeriodEnd);
    const dueAt = new Date(Date.parse(bought.currentPeriodEnd) - 15 * DAY).toISOString();
    // The engine decides its first step at its next pass.
    expect(bought.nextActionAt).toBe(bought.createdAt);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: [] }]);
    expect((await subscription(id))!.nextActionAt).toBe(dueAt);
    setClock(Date.parse(dueAt) - 1);
    expect(await runDueRenewals(deps())).toEqual([]);
    setClock(dueAt);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)'] }]);
    expect(await runRenewalsOf(deps(), id)).toEqual({ subscriptionId: id, steps: [] });
    const notices = await db.selectFrom('subscription_notices').selectAll().execute();
    expect(notices).toMatchObject([
      { subscription_id: id, kind: 'renewal', about: bought.currentPeriodEnd, due_at: dueAt, sent_at: dueAt },
    ]);
    expect(JSON.parse(notices[0]!.content_json)).toMatchObject({ renewsOn: bought.currentPeriodEnd, amount: 5000, currencyCode: 'USD' });
    const [mail] = await mails('renewal-notice');
    expect(mail!.id).toBe(notices[0]!.mail_id);
    expect(mail!.subject).toMatch(/^\[Test\] Your Vogue subscription renews on /);
    expect(mail!.body_text).toContain('Your introductory price for Vogue Digital ends on');
    expect(mail!.body_text).toContain('Cancel before');
    expect((await subscription(id))!.nextActionAt).toBe(bought.currentPeriodEnd);
  });

  it('sends a year billed to France its L215-1 reminder 45 days before the term ends, stating the last day to refuse it', async () => {
    const id = await buy();
    const bought = (await subscription(id))!;
    const customer = JSON.parse(
      (await db.selectFrom('transactions').select('customer_json').where('id', '=', bought.transactionId).executeTakeFirstOrThrow())
        .customer_json,
    );
    await db
      .updateTable('transactions')
      .set({ customer_json: JSON.stringify({ ...customer, country: 'FR', region: null }) })
      .where('id', '=', bought.transactionId)
      .execute();
    // France's window alone (1 to 3 months before), not California's for the promotional price.
    const dueAt = new Date(Date.parse(bought.currentPeriodEnd) - 45 * DAY).toISOString();
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: [] }]);
    expect((await subscription(id))!.nextActionAt).toBe(dueAt);
    setClock(dueAt);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)'] }]);
    const refuseBy = new Date(Date.parse(bought.currentPeriodEnd) - DAY).toISOString().slice(0, 10);
    const [notice] = await db.selectFrom('subscription_notices').selectAll().execute();
    expect(notice).toMatchObject({ kind: 'renewal', about: bought.currentPeriodEnd, due_at: dueAt });
    expect(JSON.parse(notice!.content_json)).toMatchObject({ renewsOn: bought.currentPeriodEnd, refuseBy });
    const [mail] = await mails('renewal-notice');
    expect(mail!.body_text).toContain(`Refuse the renewal by: ${dateText(refuseBy)}`);
    expect(mail!.body_text).toContain(`you may refuse this renewal until ${dateText(refuseBy)}`);
    expect((await subscription(id))!.nextActionAt).toBe(bought.currentPeriodEnd);
  });

  it('sends a free trial longer than 31 days its notice 14 days before the trial ends (a 30-day one needs none)', async () => {
    // The demo's WIRED trial lasts 30 days: this catalogue makes it 60.
    const catalogue = JSON.parse(readDemoCatalogue()) as { offers: { id: string; trialDays: number | null }[] };
    const offers = catalogue.offers.map((offer) => (offer.id === '3001' ? { ...offer, trialDays: 60 } : offer));
    expect((await importCatalogueJson(db, JSON.stringify({ ...catalogue, offers }))).ok).toBe(true);
    const trialSnapshot = await new CatalogueRepository(db).loadSnapshot();
    const input = submitRequestFixture({
      brand: 'wired',
      urlSlug: 'demo-trial',
      offerId: '3001',
      returnPath: '/wired/demo-trial/credit-card?livemode=false',
    });
    const { response } = await submitCheckout({ db, gateways: [sandbox], now }, trialSnapshot, submitRequestSchema.parse(input));
    expect(response.status).toBe('succeeded');
    const { id } = await db.selectFrom('subscriptions').select('id').executeTakeFirstOrThrow();
    const bought = (await subscription(id))!;
    expect(bought).toMatchObject({ status: 'trialing', introductoryUntil: bought.currentPeriodEnd });

    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: [] }]);
    const noticeAt = new Date(Date.parse(bought.currentPeriodEnd) - 14 * DAY).toISOString();
    expect((await subscription(id))!.nextActionAt).toBe(noticeAt);
    setClock(noticeAt);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)'] }]);
    const [notice] = await mails('renewal-notice');
    expect(notice!.body_text).toContain('$29.99');
    expect(notice!.body_text).toContain('/cancel');
    expect(notice!.body_text).toContain(`Your free trial of WIRED Free Trial ends on ${dateText(bought.currentPeriodEnd)}.`);
  });

  it('gives notice of a catalogue price change 37 days before the renewal it reaches (30 at the latest); until then the old price', async () => {
    const id = await buy();
    const bought = (await subscription(id))!;
    await importCatalogueJson(db, readDemoCatalogue());
    await runDueRenewals(deps());
    // The catalogue raises Vogue Digital's renewal price from $50.00 to $60.00, 20 days before the first renewal.
    setClock(Date.parse(bought.currentPeriodEnd) - 20 * DAY);
    const exported = await new CatalogueRepository(db).exportAll();
    const offers = exported.offers.map((offer) => (offer.id === bought.offerId ? { ...offer, totalAmount: 6000 } : offer));
    await new CatalogueRepository(db).replaceAll({ ...exported, offers });
    expect((await subscription(id))!.nextActionAt! <= new Date().toISOString()).toBe(true);

    // Too late for the first renewal (less than 30 days away): that one keeps the old price.
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: [] }]);
    setClock(bought.currentPeriodEnd);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)', 'renewed'] }]);
    const [first] = await renewalsOf(id);
    expect(first).toMatchObject({ subtotal: 5000 });

    // The notice for the next one comes 37 days before it; that renewal is charged the new price.
    const renewed = (await subscription(id))!;
    const noticeAt = new Date(Date.parse(renewed.currentPeriodEnd) - 37 * DAY).toISOString();
    expect(renewed.nextActionAt).toBe(noticeAt);
    // A run a day late still gives it, with more than the 30 days' notice.
    setClock(Date.parse(noticeAt) + DAY);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (price-change)'] }]);
    // The year's renewal notice, 30 days before: it states the new price.
    setClock(Date.parse(renewed.currentPeriodEnd) - 30 * DAY);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)'] }]);
    expect(await subscription(id)).toMatchObject({ renewalAmount: 5000, pendingPrice: { amount: 6000, from: renewed.currentPeriodEnd } });
    const [notice] = await mails('renewal-notice').then((all) => all.filter((mail) => mail.subject.includes('price')));
    expect(notice!.body_text).toContain('changes from $50.00 to $60.00');
    const renewalNotice = (await mails('renewal-notice')).at(-1)!;
    expect(renewalNotice.subject).toContain('renews on');
    expect(renewalNotice.body_text).toContain('Amount: $60.00');
    setClock(renewed.currentPeriodEnd);
    await runDueRenewals(deps());
    const second = (await renewalsOf(id)).find((row) => row.period_start === renewed.currentPeriodEnd);
    expect(second).toMatchObject({ status: 'succeeded', subtotal: 6000 });
    expect(await subscription(id)).toMatchObject({ renewalAmount: 6000, pendingPrice: null });
  });
});

describe('a renewal the bank holds for the subscriber (as 4000 0027 6000 3184 does)', () => {
  /** Buys with the card that asks for 3-D Secure every time, approved at checkout; runs its renewal. */
  async function heldRenewalOf(): Promise<{ id: string; periodEnd: string }> {
    expect((await submitVogueDigital('4000002760003184')).status).toBe('requires_action');
    const bought = await db.selectFrom('transactions').select('gateway_payment_id').executeTakeFirstOrThrow();
    await sandbox.authenticate(bought.gateway_payment_id!, 'approve');
    const { id } = await db.selectFrom('subscriptions').select('id').executeTakeFirstOrThrow();
    const periodEnd = (await subscription(id))!.currentPeriodEnd;
    setClock(periodEnd);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['notice (renewal)', 'failed (authentication_required)'] }]);
    return { id, periodEnd };
  }

  it('asks the subscriber by e-mail, then records the payment once they confirm it with their bank', async () => {
    const { id, periodEnd } = await heldRenewalOf();
    expect(await subscription(id)).toMatchObject({
      status: 'past_due',
      dunning: { failureCode: 'authentication_required', retryAt: null },
    });
    const [failed] = await mails('renewal-failed');
    expect(failed!.body_text).toContain('Your bank asks you to confirm this payment yourself.');
    expect(failed!.body_text).toContain('Confirm the payment');

    // The card page asks where it stands: the bank's page, which returns to the card page.
    const asked = await settleHeldRenewal(deps(), (await subscription(id))!);
    expect(asked).toMatchObject({ status: 'requires_action', action: { type: 'redirect' } });
    const [held] = await renewalsOf(id);
    const intent = await sandbox.find(held!.gateway_payment_id!);
    expect(intent!.returnUrl).toBe(`/account/subscriptions/${id}/card?livemode=false&renewal_payment=returned`);

    await sandbox.authenticate(held!.gateway_payment_id!, 'approve');
    expect(await settleHeldRenewal(deps(), (await subscription(id))!)).toEqual({ status: 'paid' });
    expect(await subscription(id)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd, dunning: { failureCode: null } });
    const [paid] = await renewalsOf(id);
    expect(paid).toMatchObject({ status: 'succeeded', gateway_payment_id: held!.gateway_payment_id });
    expect(paid!.invoice_number).toMatch(/^US-TEST-/);
    expect(await mails('renewal-receipt')).toHaveLength(1);
    // Nothing is held any more: asking again records nothing twice.
    expect(await settleHeldRenewal(deps(), (await subscription(id))!)).toEqual({ status: 'none' });
    expect(await mails('renewal-receipt')).toHaveLength(1);
  });

  it('offers another card once the bank refuses the check', async () => {
    const { id } = await heldRenewalOf();
    const [held] = await renewalsOf(id);
    await sandbox.authenticate(held!.gateway_payment_id!, 'fail');
    expect(await settleHeldRenewal(deps(), (await subscription(id))!)).toEqual({ status: 'failed', code: 'authentication_failed' });
    expect(await subscription(id)).toMatchObject({ status: 'past_due', dunning: { failureCode: 'authentication_failed' } });
    expect(await settleHeldRenewal(deps(), (await subscription(id))!)).toEqual({ status: 'none' });
  });

  it('records a payment confirmed at the bank without coming back, before the subscription would end unpaid', async () => {
    const { id, periodEnd } = await heldRenewalOf();
    const [held] = await renewalsOf(id);
    await sandbox.authenticate(held!.gateway_payment_id!, 'approve');
    setClock(Date.parse(periodEnd) + 15 * DAY);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['renewed (confirmed with the bank)'] }]);
    expect(await subscription(id)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd });
    expect(await mails('renewal-ended')).toHaveLength(0);
  });

  it('ends it unpaid when the subscriber never confirmed it', async () => {
    const { id, periodEnd } = await heldRenewalOf();
    setClock(Date.parse(periodEnd) + 15 * DAY);
    expect(await runDueRenewals(deps())).toEqual([{ subscriptionId: id, steps: ['ended (unpaid)'] }]);
  });
});
