import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { resumed } from './resumed';
import { amountWithTax } from '@/lib/i18n/priceOverTime';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  nextChargeDate: 'December 21, 2026',
  amount: '$4.99',
  accountUrl: 'https://subscribe.example.com/account',
};

describe('resumed', () => {
  it('says the subscription continues, when it is next charged and how much, in both parts', () => {
    const mail = resumed(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue subscription continues');
    expect(mail.link).toBe(input.accountUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      for (const fact of ['You resumed Vogue Digital', 'December 21, 2026', '$4.99']) expect(part).toContain(fact);
    }
    expect(mail.text).toContain('Next charge: December 21, 2026\nAmount: $4.99');
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('escapes every value in the HTML part', () => {
    const mail = resumed({ ...input, offerName: HOSTILE, amount: HOSTILE, nextChargeDate: HOSTILE });
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(visibleText(mail.html).split(HOSTILE).length - 1).toBeGreaterThanOrEqual(3);
  });
});

describe('resumed in the subscriber’s language', () => {
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, date } = mailFormats({ locale, timeZone });
    const amount = amountWithTax(words, 5000, 'EUR', 'included');
    return resumed({ ...input, nextChargeDate: date('2026-12-20T23:30:00.000Z'), amount }, words);
  };

  it('confirms to a German subscriber, in German, the next charge on their calendar', () => {
    const mail = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Ihr Vogue-Abonnement läuft weiter');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('Nächste Abbuchung: 21. Dezember 2026');
    expect(mail.text).toContain('Betrag: 50,00\u00a0€ (inkl. MwSt.)');
  });

  it('confirms to a French subscriber, in French', () => {
    const mail = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('Votre abonnement Vogue continue');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Prochain prélèvement\u00a0: 21 décembre 2026');
    expect(mail.text).toContain('Montant\u00a0: 50,00\u00a0€ TVA incluse');
  });
});
