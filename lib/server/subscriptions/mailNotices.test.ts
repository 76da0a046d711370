import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture, ORDERED_OFFERS } from '@/tests/fixtures/transactions';
import { VOGUE } from '@/tests/fixtures/mailHtml';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { mailNotices } from './mailNotices';
import { SubscriptionRepository } from './SubscriptionRepository';
import { SubscriptionService } from './SubscriptionService';

let db: Kysely<Database>;
const clock = new Date('2026-11-26T10:00:00.000Z');
const now = () => clock;
const OWNER = 'ada@example.com';

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

const notices = () => mailNotices('https://shop.example.com', new Map([['vogue', VOGUE]]));
const service = () => new SubscriptionService(db, [], notices(), now);
const mails = () => db.selectFrom('outbox').select(['kind', 'subject', 'body_text', 'body_html']).orderBy('created_at').execute();

/** What a German buyer pays: euros, 7 % VAT in the price. */
const GERMAN = {
  locale: 'de-DE',
  timeZone: 'Europe/Berlin',
  currencyCode: 'EUR',
  taxRate: { rate: 0.07, inclusive: true, components: [{ kind: 'vat', rate: 0.07 }] },
} as const;

/** A print subscription (its address can change) bought in the given mode (and market, when given; else a US one without tax). */
async function subscribed(id: string, livemode: boolean, market: typeof GERMAN | null = null): Promise<string> {
  const transactions = new TransactionRepository(db, now);
  const base = newTransactionFixture({ id });
  await transactions.create({
    ...base,
    ...(market ? { locale: market.locale, timeZone: market.timeZone, currencyCode: market.currencyCode } : {}),
    livemode,
    gateway: 'sandbox',
    buyerIdentity: OWNER,
    order: {
      ...base.order,
      offer: ORDERED_OFFERS.newYorkerPrint,
      ...(market ? { taxRate: { ...market.taxRate, components: [...market.taxRate.components] } } : {}),
    },
  });
  await transactions.markSucceeded(id, `pi_${id}`);
  return (await transactions.findById(id))!.subscriptionId!;
}

/** Every change the subscriber, the cancel page and care make, each with its e-mail. */
async function everyChange(id: string): Promise<void> {
  await service().cancel(OWNER, id, { reason: null, channel: 'account' });
  await service().resume(OWNER, id);
  await service().changeDeliveryAddress(OWNER, id, {
    line1: '2 Park Avenue',
    city: 'New York',
    postalCode: '10016',
    country: 'US',
    region: 'NY',
  });
  await notices().cardChanged(db, (await new SubscriptionRepository(db, now).findById(id))!, clock);
  await service().cancel(OWNER, id, { reason: null, channel: 'cancel-page' });
  await service().endNow((await new SubscriptionRepository(db, now).findById(id))!, { reason: 'ended_by_care' });
}

const KINDS = ['cancellation', 'resumed', 'address-changed', 'card-changed', 'cancel-request', 'ended-by-care'];

describe('the e-mails of a subscription’s changes', () => {
  it('say test mode in the subject and both parts when the subscription is a test one', async () => {
    await everyChange(await subscribed('txn_test', false));
    const sent = await mails();
    expect(sent.map((mail) => mail.kind)).toEqual(KINDS);
    for (const mail of sent) {
      expect(mail.subject, mail.kind).toMatch(/^\[Test\] /);
      expect(mail.body_text, mail.kind).toContain('This is a test subscription');
      expect(mail.body_html, mail.kind).toContain('This is a test subscription');
    }
  });

  it.each([
    [false, '&livemode=false'],
    [true, ''],
  ])('link "Keep my subscription" in the mode of the subscription (live: %s)', async (livemode, mode) => {
    const id = await subscribed(`txn_keep_${livemode}`, livemode);
    await service().cancel(OWNER, id, { reason: null, channel: 'cancel-page' });
    const [mail] = await mails();
    expect(mail!.kind).toBe('cancel-request');
    expect(mail!.body_text).toMatch(new RegExp(`https://shop\\.example\\.com/cancel/keep\\?token=[\\w-]+${mode}(\\s|$)`));
  });

  it('say nothing of a test when it is live', async () => {
    await everyChange(await subscribed('txn_live', true));
    const sent = await mails();
    expect(sent.map((mail) => mail.kind)).toEqual(KINDS);
    for (const mail of sent) {
      expect(mail.subject, mail.kind).not.toContain('[Test]');
      expect(mail.body_text, mail.kind).not.toContain('test subscription');
    }
  });

  it('speak a German subscription’s language, its times on the subscriber’s clock and its amounts as Germans write them', async () => {
    await everyChange(await subscribed('txn_de', true, GERMAN));
    const sent = await mails();
    expect(sent.map((mail) => mail.kind)).toEqual(KINDS);
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Ihr Vogue-Abonnement ist gekündigt',
      'Ihr Vogue-Abonnement läuft weiter',
      'Die Lieferadresse Ihres Vogue-Abonnements wurde geändert',
      'Die Zahlungskarte Ihres Vogue-Abonnements wurde geändert',
      'Ihr Vogue-Abonnement wurde gekündigt',
      'Ihr Vogue-Abonnement ist beendet',
    ]);
    for (const mail of sent) expect(mail.body_html, mail.kind).toContain('<html lang="de">');
    const byKind = new Map(sent.map((mail) => [mail.kind, mail.body_text]));
    // Its price holds the VAT: the renewal's amount says so, never "plus tax".
    expect(byKind.get('resumed')).toMatch(/Betrag: [\d.]+,\d{2}\u00a0€ \(inkl\. MwSt\.\)/);
    expect(byKind.get('card-changed')).toMatch(/[\d.]+,\d{2}\u00a0€ \(inkl\. MwSt\.\)/);
    for (const mail of sent) expect(mail.body_text, mail.kind).not.toMatch(/zzgl\.|plus any applicable tax/);
    // Care ended it at 10:00 UTC: 11:00 in Berlin.
    expect(byKind.get('ended-by-care')).toContain('am 26. November 2026 um 11:00 Uhr (MEZ) beendet');
  });
});
