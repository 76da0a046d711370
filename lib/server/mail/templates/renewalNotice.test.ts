import { describe, expect, it } from 'vitest';
import { expectMailShape, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { renewalNotice, type RenewalNoticeInput } from './renewalNotice';

const input: RenewalNoticeInput = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  kind: 'renewal',
  previousAmount: null,
  renewsOn: 'November 26, 2026',
  amount: '€50.00 (tax included)',
  paymentMethod: 'Visa ending in 4242',
  introductoryEndsOn: null,
  renewalTerms: 'Renews every year at €50.00 until you cancel.',
  accountUrl: 'https://subscribe.example.com/account',
  cancelUrl: 'https://subscribe.example.com/cancel',
};

describe('renewalNotice', () => {
  it('states the date until which a tacit renewal may be refused (L215-1), in both parts', () => {
    const mail = renewalNotice({ ...input, refuseBy: 'November 25, 2026' });
    expectMailShape(mail);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toMatch(/Refuse the renewal by\s*:?\s*November 25, 2026/);
      expect(part).toContain('you may refuse this renewal until November 25, 2026. Cancel by then and it does not renew');
      expect(part).toContain('Vogue Digital renews automatically on November 26, 2026.');
    }
  });

  it('says nothing of refusing where the law asks for no such date (the US notices)', () => {
    const mail = renewalNotice(input);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).not.toContain('Refuse the renewal by');
      expect(part).toContain('Cancel before November 26, 2026 and nothing more is charged.');
    }
  });
});

describe('renewalNotice in the subscriber’s language', () => {
  it('gives a French tacit renewal’s last day to refuse it, in French', () => {
    const fr = mailFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const mail = renewalNotice(
      {
        ...input,
        renewsOn: fr.date('2026-11-26T10:00:00.000Z'),
        refuseBy: fr.date('2026-11-25'),
        amount: fr.words.t('mail.amount.taxIncluded', { amount: fr.money(5000, 'EUR') }),
      },
      fr.words,
    );
    expect(mail.subject).toBe('Votre abonnement Vogue est renouvelé le 26 novembre 2026');
    expect(mail.html).toContain('<html lang="fr">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Vogue Digital est renouvelé automatiquement le 26 novembre 2026.');
      expect(part).toContain('vous pouvez refuser cette reconduction jusqu’au 25 novembre 2026.');
      expect(part).toMatch(/Montant\s*:?\s*50,00\s€ \(taxes incluses\)/);
    }
  });

  it('tells a German price change in German, with its amounts as Germans write them', () => {
    const de = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const mail = renewalNotice(
      {
        ...input,
        kind: 'price-change',
        previousAmount: de.money(4000, 'EUR'),
        amount: de.money(5000, 'EUR'),
        renewsOn: de.date('2026-11-26'),
      },
      de.words,
    );
    expect(mail.subject).toBe('Der Preis Ihres Vogue-Abonnements ändert sich am 26. November 2026');
    expect(mail.text).toContain(
      'Der Preis von Vogue Digital ändert sich mit der Verlängerung am 26. November 2026 von 40,00\u00a0€ auf 50,00\u00a0€.',
    );
    expect(mail.text).toContain('Kündigen Sie vor dem 26. November 2026, wird nichts mehr abgebucht.');
  });
});
