import { describe, expect, it } from 'vitest';
import { expectMailShape, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { withdrawalAcknowledgment } from './withdrawalAcknowledgment';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  receivedAt: 'November 27, 2026 at 09:14 UTC',
  invoiceNumber: 'INV-2026-000042',
  refundAmount: '€25.00',
  refundedTo: 'Visa ending in 4242',
  automaticAt: 'November 30, 2026 at 09:14 UTC',
  confirmUrl: 'https://subscribe.example.com/withdraw/answer?token=confirm',
  objectUrl: 'https://subscribe.example.com/withdraw/answer?token=object',
};

describe('withdrawalAcknowledgment', () => {
  it('names when it was received and the contract, and offers both links with what each does, in both parts', () => {
    const mail = withdrawalAcknowledgment(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Please confirm your withdrawal from your Vogue contract');
    expect(mail.link).toBe(input.confirmUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        'On November 27, 2026 at 09:14 UTC, a withdrawal from your contract for Vogue Digital (invoice INV-2026-000042) was declared',
      );
      expect(part).toContain('confirm it and we end the subscription and refund €25.00 to Visa ending in 4242.');
      expect(part).toContain('If you do nothing, we do the same on November 30, 2026 at 09:14 UTC.');
      expect(part).toContain('your subscription continues unchanged');
      expect(part).not.toContain('test purchase');
    }
    expect(mail.text).toContain(input.confirmUrl);
    expect(mail.text).toContain(input.objectUrl);
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([input.confirmUrl, input.objectUrl]));
  });

  it('says a test purchase moves no money, and a free one refunds nothing', () => {
    const mail = withdrawalAcknowledgment({ ...input, livemode: false, refundAmount: null });
    expect(mail.subject).toBe('[Test] Please confirm your withdrawal from your Vogue contract');
    expect(mail.text).toContain('This was a test purchase: no real money moves.');
    expect(mail.text).toContain('nothing was charged for it, so there is nothing to refund');
  });
});

describe('withdrawalAcknowledgment in the subscriber’s language', () => {
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, dateTime, money } = mailFormats({ locale, timeZone });
    return withdrawalAcknowledgment(
      {
        ...input,
        receivedAt: dateTime('2026-11-27T09:14:00.000Z'),
        automaticAt: dateTime('2026-11-30T09:14:00.000Z'),
        refundAmount: money(2500, 'EUR'),
      },
      words,
    );
  };

  it('asks a German subscriber, in German, to confirm, with the times on their clock', () => {
    const mail = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Bitte bestätigen Sie den Widerruf Ihres Vertrags mit Vogue');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Am 27. November 2026 um 10:14 Uhr (MEZ) wurde auf unserer Widerrufsseite der Widerruf');
      expect(part).toContain('erstatten 25,00\u00a0€ auf Visa ending in 4242');
      expect(part).toContain('geschieht dasselbe am 30. November 2026 um 10:14 Uhr (MEZ).');
    }
    expect(mail.text).toContain(`Widerruf bestätigen:\n${input.confirmUrl}`);
    expect(mail.text).toContain(`Das war ich nicht:\n${input.objectUrl}`);
  });

  it('asks a French subscriber, in French', () => {
    const mail = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('Veuillez confirmer votre rétractation de votre contrat Vogue');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Le 27 novembre 2026 à 10:14 (UTC+1), une rétractation de votre contrat');
    expect(mail.text).toContain('remboursons 25,00\u00a0€ sur Visa ending in 4242');
    expect(mail.text).toContain('Contrat\u00a0: Vogue\u00a0: Vogue Digital');
  });
});
