import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testDb } from '@/tests/fixtures/testDb';
import { newTransactionFixture } from '@/tests/fixtures/transactions';
import { TransactionRepository } from '@/lib/server/checkout/TransactionRepository';
import type { Database } from '@/lib/server/db/schema';
import { serverWords } from '@/lib/server/i18n/pageI18n';
import { SubscriptionRepository } from '@/lib/server/subscriptions/SubscriptionRepository';
import type { FailedTry } from '@/lib/subscriptions/renewalPolicy';
import { renewalMails } from './renewalMails';

let db: Kysely<Database>;
const clock = new Date('2026-11-26T10:00:00.000Z');
const now = () => clock;

beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.destroy());

/** The renewal mails of a card subscription bought in `locale`, its buyer's clock in `timeZone`. */
async function mailsOf(locale: string, timeZone: string) {
  const transactions = new TransactionRepository(db, now);
  const id = `txn_${locale}`;
  await transactions.create({ ...newTransactionFixture({ id }), livemode: true, locale, timeZone });
  await transactions.markSucceeded(id, `pi_${id}`);
  const purchase = (await transactions.findById(id))!;
  const subscription = (await new SubscriptionRepository(db, now).findById(purchase.subscriptionId!))!;
  return renewalMails(subscription, purchase, 'https://shop.example.com')!;
}

// 23:30 UTC is the next day in Berlin and Paris.
const dunning: FailedTry = {
  tries: 1,
  pastDueSince: '2026-11-26T10:00:00.000Z',
  retryAt: '2026-11-27T23:30:00.000Z',
  graceUntil: '2026-12-09T23:30:00.000Z',
  endsAt: '2026-12-10T10:00:00.000Z',
};

describe('renewalMails in the subscription’s language', () => {
  it('says why a renewal failed in the failures catalogue’s whole sentence, in English as before', async () => {
    const mail = (await mailsOf('en-US', 'UTC')).failed(5000, 'insufficient_funds', 'failed', dunning);
    expect(mail.text).toContain('Your card has insufficient funds. We will try again on November 27, 2026.');
    const asked = (await mailsOf('en-US', 'UTC')).failed(5000, 'generic_decline', 'requires_action', dunning);
    expect(asked.text).toContain('Your bank asks you to confirm this payment yourself. We will try again on November 27, 2026.');
    expect(asked.text).toContain('Confirm the payment:\n');
  });

  it('writes a German subscription’s failed renewal in German, its dates on the subscriber’s calendar', async () => {
    const mail = (await mailsOf('de-DE', 'Europe/Berlin')).failed(5000, 'expired_card', 'failed', dunning);
    const reason = serverWords('de-DE').t('failures.expired_card.mail');
    expect(mail.kind).toBe('renewal-failed');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.subject).toBe('Handlungsbedarf: Ihre Zahlung für vogue ist fehlgeschlagen');
    expect(mail.text).toContain(`${reason} Wir versuchen es am 28. November 2026 erneut.`);
    expect(mail.text).toMatch(/nicht abbuchen\./);
    expect(mail.text).toContain('Zugang bis: 10. Dezember 2026');
    expect(mail.text).toContain('Karte aktualisieren:\nhttps://shop.example.com/account/subscriptions/');
  });

  it('asks a French subscription for a card in French, the amount as French writes it', async () => {
    const mail = (await mailsOf('fr-FR', 'Europe/Paris')).cardNeeded({
      renewsOn: '2026-12-20T23:30:00.000Z',
      amount: 5000,
      ifUnpaid: dunning,
    });
    expect(mail.kind).toBe('card-needed');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toMatch(/renouvelé automatiquement le 21 décembre 2026 pour 50,00\u00a0(\$|€|£)/);
    expect(mail.text).toContain('vous gardez l’accès jusqu’au 10 décembre 2026');
  });

  it('tells a business charged no VAT that it accounts for the VAT, on the amount net of it', async () => {
    const mails = await mailsOf('de-DE', 'Europe/Berlin');
    const transactions = new TransactionRepository(db, now);
    const purchase = (await transactions.findById('txn_de-DE'))!;
    const subscription = (await new SubscriptionRepository(db, now).findById(purchase.subscriptionId!))!;
    const austrian = { companyName: 'Acme GmbH', vatNumber: 'ATU12345678', country: 'AT', vatStatus: 'verified' as const };
    const exempt = renewalMails({ ...subscription, brandSlug: 'gq', business: austrian }, purchase, 'https://shop.example.com')!;
    const mail = exempt.cardNeeded({ renewsOn: '2026-12-20T23:30:00.000Z', amount: 4167, ifUnpaid: dunning });
    expect(mail.text).toContain('Betrag: 41,67\u00a0$ ohne MwSt., die Ihr Unternehmen selbst abführt');
    expect(mails.cardNeeded({ renewsOn: '2026-12-20T23:30:00.000Z', amount: 5000, ifUnpaid: dunning }).text).not.toContain('ohne MwSt.');
  });

  it('tells a German subscription it ended, in German', async () => {
    const mail = (await mailsOf('de-DE', 'Europe/Berlin')).ended();
    expect(mail.subject).toBe('Ihr vogue-Abonnement ist beendet');
    expect(mail.html).toContain('<html lang="de">');
  });
});
