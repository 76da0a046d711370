import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { refund } from './refund';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  amount: '€12.50',
  full: false,
  refundedTo: 'Visa ending in 4242',
  creditNoteNumber: 'CN-2026-000007',
  creditNoteAttached: true,
  invoiceNumber: 'INV-2026-000042',
  date: 'November 27, 2026',
  accountUrl: 'https://subscribe.example.com/account',
};

describe('refund', () => {
  it('names the amount, the card, the credit note and the invoice, in both parts', () => {
    const mail = refund(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue refund of €12.50');
    expect(mail.link).toBe(input.accountUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('We refunded part of your payment for Vogue Digital: €12.50, to Visa ending in 4242.');
      expect(part).toContain('CN-2026-000007');
      expect(part).toContain('INV-2026-000042');
      expect(part).toContain('November 27, 2026');
      expect(part).not.toContain('test refund');
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('says a full refund gave back the whole payment, and a test one moved no money', () => {
    const mail = refund({ ...input, full: true, livemode: false, refundedTo: 'PayPal' });
    expect(mail.subject).toBe('[Test] Your Vogue refund of €12.50');
    expect(mail.text).toContain('We refunded the whole of your payment for Vogue Digital: €12.50, to PayPal.');
    expect(mail.text).toContain('This was a test refund: no real money moved.');
  });

  it('escapes what it is given in the HTML part', () => {
    const mail = refund({ ...input, offerName: HOSTILE });
    expect(mail.html).not.toMatch(/<script>|<b>/);
  });
});

describe('refund in the buyer’s language', () => {
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, date, money } = mailFormats({ locale, timeZone });
    return refund({ ...input, amount: money(1250, 'EUR'), full: true, date: date('2026-11-26T23:30:00.000Z') }, words);
  };

  it('tells a German buyer, in German, what was refunded and when, on their calendar', () => {
    const mail = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Ihre Erstattung von Vogue über 12,50\u00a0€');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Wir haben Ihre gesamte Zahlung für Vogue Digital erstattet: 12,50\u00a0€ auf Visa ending in 4242.');
      expect(part).toMatch(/Datum\s*:?\s*27\. November 2026/);
      expect(part).toMatch(/Gutschriftsnummer\s*:?\s*CN-2026-000007/);
    }
  });

  it('tells a French buyer, in French', () => {
    const mail = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('Votre remboursement Vogue de 12,50\u00a0€');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Date\u00a0: 27 novembre 2026');
    expect(mail.text).toContain('Numéro d’avoir\u00a0: CN-2026-000007');
  });
});
