import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { cardChanged } from './cardChanged';
import { amountWithTax } from '@/lib/i18n/priceOverTime';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  card: 'Visa ending in 4444',
  nextCharge: { date: 'November 26, 2027', amount: '$50.00 plus any applicable tax' },
  accountUrl: 'https://subscribe.example.com/account',
};

describe('cardChanged', () => {
  it('names the new card, the next charge and the account link, in both parts', () => {
    const mail = cardChanged(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue payment card was changed');
    expect(mail.link).toBe(input.accountUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Vogue Digital now renews with Visa ending in 4444. Nothing was charged for the change.');
      expect(part).toContain('November 26, 2027');
      expect(part).toContain('If you did not make this change');
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('says a cancelled subscription does not renew, and gives no next charge', () => {
    const mail = cardChanged({ ...input, nextCharge: null });
    expect(mail.text).toContain('It is cancelled and does not renew');
    expect(mail.text).not.toContain('Next charge');
  });

  it('says a past-due subscription’s renewal is charged to the new card now, and names no next charge', () => {
    const mail = cardChanged({ ...input, pastDue: true });
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        'Vogue Digital is now paid with Visa ending in 4444. The renewal that did not go through is charged to it now: your account shows whether it was paid.',
      );
      expect(part).not.toMatch(/Nothing was charged|Next charge|November 26, 2027/);
    }
  });

  it('escapes what it is given in the HTML part', () => {
    const mail = cardChanged({ ...input, offerName: HOSTILE });
    expect(mail.html).not.toMatch(/<script>|<b>/);
  });
});

describe('cardChanged in the subscriber’s language', () => {
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, date } = mailFormats({ locale, timeZone });
    const nextCharge = { date: date('2026-12-20T23:30:00.000Z'), amount: amountWithTax(words, 5000, 'EUR', 'included') };
    return cardChanged({ ...input, nextCharge }, words);
  };

  it('tells a German subscriber, in German, which card now renews it and when', () => {
    const mail = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Die Zahlungskarte Ihres Vogue-Abonnements wurde geändert');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('Für die Änderung wurde nichts abgebucht.');
    expect(mail.text).toContain('Nächste Abbuchung: 21. Dezember 2026');
    expect(mail.text).toContain('50,00\u00a0€');
  });

  it('tells a French subscriber, in French', () => {
    const mail = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('La carte de paiement de votre abonnement Vogue a été modifiée');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Prochain prélèvement\u00a0: 21 décembre 2026');
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de ce changement, vérifiez votre compte\u00a0:');
  });
});
