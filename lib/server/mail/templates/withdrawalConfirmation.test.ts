import { describe, expect, it } from 'vitest';
import { expectMailShape, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { withdrawalConfirmation } from './withdrawalConfirmation';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  receivedAt: 'November 27, 2026 at 09:14 UTC',
  invoiceNumber: 'INV-2026-000042',
  refundAmount: '€25.00',
  whole: true,
  refundedTo: 'Visa ending in 4242',
  accountUrl: 'https://subscribe.example.com/account',
};

describe('withdrawalConfirmation', () => {
  it('names when it was received, the contract, its invoice and the refund, in both parts', () => {
    const mail = withdrawalConfirmation(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your withdrawal from your Vogue contract');
    expect(mail.link).toBe(input.accountUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        'We received your withdrawal from the contract for Vogue Digital (invoice INV-2026-000042) on November 27, 2026 at 09:14 UTC.',
      );
      expect(part).toContain('We are refunding everything you paid for it, €25.00, to Visa ending in 4242.');
      expect(part).not.toContain('test purchase');
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('says a test purchase moves no money, and a free one refunds nothing', () => {
    const mail = withdrawalConfirmation({ ...input, livemode: false, refundAmount: null });
    expect(mail.subject).toBe('[Test] Your withdrawal from your Vogue contract');
    expect(mail.text).toContain('This was a test purchase: no real money moves.');
    expect(mail.text).toContain('Nothing was charged for it, so there is nothing to refund.');
    expect(withdrawalConfirmation({ ...input, whole: false }).text).toContain('We are refunding the rest of what you paid for it, €25.00');
  });
});

describe('withdrawalConfirmation in the subscriber’s language', () => {
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, dateTime, money } = mailFormats({ locale, timeZone });
    return withdrawalConfirmation({ ...input, receivedAt: dateTime('2026-11-27T09:14:00.000Z'), refundAmount: money(2500, 'EUR') }, words);
  };

  it('confirms to a German subscriber, in German, when it was received and what is refunded', () => {
    const mail = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Ihr Widerruf Ihres Vertrags mit Vogue');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('(Rechnung INV-2026-000042) am 27. November 2026 um 10:14 Uhr (MEZ) erhalten.');
      expect(part).toContain('Wir erstatten alles, was Sie dafür bezahlt haben, 25,00\u00a0€, auf Visa ending in 4242.');
    }
    expect(mail.text).toContain('Erstattung: 25,00\u00a0€ auf Visa ending in 4242');
  });

  it('confirms to a French subscriber, in French', () => {
    const mail = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('Votre rétractation de votre contrat Vogue');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Nous avons reçu le 27 novembre 2026 à 10:14 (UTC+1) votre rétractation du contrat pour Vogue Digital');
    expect(mail.text).toContain('Remboursement\u00a0: 25,00\u00a0€ sur Visa ending in 4242');
  });
});
