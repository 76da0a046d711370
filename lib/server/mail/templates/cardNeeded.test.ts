import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { cardNeeded, type CardNeededInput } from './cardNeeded';

const input: CardNeededInput = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  renewsOn: 'November 26, 2026',
  amount: '$50.00 (tax included)',
  accessUntil: 'December 10, 2026',
  endsOn: 'December 10, 2026',
  cardUrl: 'https://subscribe.example.com/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card',
  accountUrl: 'https://subscribe.example.com/account',
  cancelUrl: 'https://subscribe.example.com/cancel',
};

describe('cardNeeded', () => {
  it('says no payment method can renew it, when and for how much it renews, in both parts', () => {
    const mail = cardNeeded(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Action needed: add a card to renew your Vogue subscription');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        'We hold no payment method that can renew Vogue Digital. It renews automatically on November 26, 2026 for $50.00 (tax included).',
      );
      expect(part).toMatch(/Renews on\s*:?\s*November 26, 2026/);
      expect(part).toContain('Add a card before November 26, 2026: nothing is charged when you add it');
    }
  });

  it('says what happens without a card: no retry, past due with access, charged at once if a card comes, else the end', () => {
    const mail = cardNeeded({ ...input, accessUntil: 'December 3, 2026' });
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('The renewal cannot be charged on November 26, 2026, and we will not try again without a card.');
      expect(part).toContain('you keep access until December 3, 2026');
      expect(part).toContain('A card added before it ends is charged at once and makes it active again');
      expect(part).toContain('otherwise it ends on December 10, 2026');
    }
  });

  it('links to the card page as its action, and to the account and the cancel page to cancel', () => {
    const mail = cardNeeded(input);
    expect(mail.link).toBe(input.cardUrl);
    expect(mail.text).toContain(`Add a card:\n${input.cardUrl}`);
    expect([...new Set(hrefs(mail.html))].sort()).toEqual([input.accountUrl, input.cardUrl, input.cancelUrl].sort());
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('cancel before November 26, 2026 and nothing more is charged. You can cancel online, in your account:');
      expect(part).toContain('Or cancel without signing in, on this page:');
    }
  });

  it('marks a test subscription’s mail as a test', () => {
    const mail = cardNeeded({ ...input, livemode: false });
    expect(mail.subject).toBe('[Test] Action needed: add a card to renew your Vogue subscription');
    expect(mail.text).toContain('This is a test subscription: no real payment is taken.');
  });

  it('escapes the brand and every value in the HTML part, and keeps them as they are in the text', () => {
    const brand = { ...VOGUE, name: 'Condé <Nast> & Co' };
    const mail = cardNeeded({ ...input, brand, offerName: HOSTILE, amount: HOSTILE, renewsOn: HOSTILE });
    expect(mail.subject).toBe('Action needed: add a card to renew your Condé <Nast> & Co subscription');
    expect(mail.html).not.toMatch(/<script>|<b>|<Nast>/);
    expect(mail.html).toContain('Condé &lt;Nast&gt; &amp; Co');
    expect(mail.text.split(HOSTILE).length - 1).toBeGreaterThanOrEqual(3);
  });
});

describe('cardNeeded in the subscriber’s language', () => {
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, date, money } = mailFormats({ locale, timeZone });
    return cardNeeded(
      {
        ...input,
        renewsOn: date('2026-11-26T23:30:00.000Z'),
        amount: words.t('mail.amount.taxIncluded', { amount: money(5000, 'EUR') }),
        accessUntil: date('2026-12-03T10:00:00.000Z'),
        endsOn: date('2026-12-10T10:00:00.000Z'),
      },
      words,
    );
  };

  it('asks a German subscriber, in German, for a card before the renewal on their calendar', () => {
    const mail = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Handlungsbedarf: Hinterlegen Sie eine Karte für die Verlängerung Ihres Vogue-Abonnements');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Es verlängert sich automatisch am 27. November 2026 für 50,00\u00a0€ (inkl. MwSt.).');
      expect(part).toContain('Sie behalten den Zugang bis zum 3. Dezember 2026.');
      expect(part).toContain('andernfalls endet es am 10. Dezember 2026.');
    }
    expect(mail.text).toContain(`Karte hinterlegen:\n${input.cardUrl}`);
  });

  it('asks a French subscriber, in French', () => {
    const mail = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('Action requise\u00a0: ajoutez une carte pour renouveler votre abonnement Vogue');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Il est renouvelé automatiquement le 27 novembre 2026 pour 50,00\u00a0€ (taxes incluses).');
    expect(mail.text).toContain('Renouvellement le\u00a0: 27 novembre 2026');
  });
});
