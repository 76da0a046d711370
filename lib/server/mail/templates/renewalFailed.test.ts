import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { renewalFailed, type RenewalFailedInput } from './renewalFailed';

const input: RenewalFailedInput = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  amount: '$50.00',
  reason: 'Your card has insufficient funds.',
  next: 'We will try again on November 27, 2026.',
  accessUntil: 'December 10, 2026',
  endsOn: 'December 10, 2026',
  fix: {
    text: 'Give another card and we charge it at once; your subscription is then active again:',
    label: 'Update your card',
    href: 'https://subscribe.example.com/account/subscriptions/sub_aaaaaaaaaaaaaaaa/card',
  },
  accountUrl: 'https://subscribe.example.com/account',
};
const cardUrl = input.fix.href;

describe('renewalFailed', () => {
  it('says what failed, why, the next try, until when access is kept and when it ends, in both parts', () => {
    const mail = renewalFailed(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Action needed: your Vogue payment did not go through');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        'We could not charge $50.00 for the renewal of Vogue Digital. Your card has insufficient funds. We will try again on November 27, 2026.',
      );
      expect(part).toMatch(/Access until\s*:?\s*December 10, 2026/);
      expect(part).toMatch(/Ends unless paid by\s*:?\s*December 10, 2026/);
      expect(part).toContain('Give another card and we charge it at once');
    }
  });

  it('has one link to fix it, the card page, and the account in the footer', () => {
    const mail = renewalFailed(input);
    expect(mail.link).toBe(cardUrl);
    expect(hrefs(mail.html)).toContain(cardUrl);
    expect(hrefs(mail.html).filter((href) => href !== cardUrl && href !== input.accountUrl)).toEqual([]);
    expect(mail.text).toContain(`Update your card:\n${cardUrl}`);
  });

  it('says no try is coming when none is', () => {
    const mail = renewalFailed({ ...input, next: 'We will not try this card again.', reason: 'Your card has expired.' });
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Your card has expired. We will not try this card again.');
      expect(part).not.toContain('We will try again');
    }
  });

  it('marks a test subscription’s mail as a test', () => {
    expect(renewalFailed({ ...input, livemode: false }).subject).toBe('[Test] Action needed: your Vogue payment did not go through');
  });

  it('escapes the brand and every value in the HTML part, and keeps them as they are in the text', () => {
    const brand = { ...VOGUE, name: 'Condé <Nast> & Co' };
    const mail = renewalFailed({ ...input, brand, offerName: HOSTILE, reason: HOSTILE, amount: HOSTILE });
    expect(mail.subject).toBe('Action needed: your Condé <Nast> & Co payment did not go through');
    expect(mail.html).not.toMatch(/<script>|<b>|<Nast>/);
    expect(mail.html).toContain('Condé &lt;Nast&gt; &amp; Co');
    expect(visibleText(mail.html)).toContain('a payment for your Condé <Nast> & Co subscription failed');
    expect(mail.text).toContain('a payment for your Condé <Nast> & Co subscription failed');
    expect(mail.text.split(HOSTILE).length - 1).toBeGreaterThanOrEqual(3);
  });
});

describe('renewalFailed in the subscriber’s language', () => {
  // 23:30 UTC is the next day in Berlin and Paris: the retry's date is theirs.
  const retryAt = '2026-11-26T23:30:00.000Z';
  const wordedFor = (locale: string, timeZone: string) => {
    const { words, date, money } = mailFormats({ locale, timeZone });
    const { t } = words;
    const mail = renewalFailed(
      {
        ...input,
        amount: money(5000, 'EUR'),
        reason: t('failures.insufficient_funds.mail'),
        next: t('mail.renewalFailed.next.retry', { date: date(retryAt) }),
        accessUntil: date('2026-12-10T10:00:00.000Z'),
        endsOn: date('2026-12-10T10:00:00.000Z'),
        fix: { text: t('mail.renewalFailed.fix.card'), label: t('mail.renewalFailed.fix.cardLabel'), href: cardUrl },
      },
      words,
    );
    return { mail, reason: t('failures.insufficient_funds.mail') };
  };

  it('tells a German subscriber, in German, why and when it is tried again', () => {
    const { mail, reason } = wordedFor('de-DE', 'Europe/Berlin');
    expect(mail.subject).toBe('Handlungsbedarf: Ihre Zahlung für Vogue ist fehlgeschlagen');
    expect(mail.html).toContain('<html lang="de">');
    expect(reason).not.toBe('Your card has insufficient funds.');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        `Wir konnten 50,00\u00a0€ für die Verlängerung von Vogue Digital nicht abbuchen. ${reason} Wir versuchen es am 27. November 2026 erneut.`,
      );
      expect(part).toMatch(/Zugang bis\s*:?\s*10\. Dezember 2026/);
    }
    expect(mail.text).toContain(`Karte aktualisieren:\n${cardUrl}`);
  });

  it('tells a French subscriber, in French, with the catalogue’s whole reason', () => {
    const { mail, reason } = wordedFor('fr-FR', 'Europe/Paris');
    expect(mail.subject).toBe('Action requise\u00a0: votre paiement Vogue n’a pas abouti');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain(
      `Nous n’avons pas pu prélever 50,00\u00a0€ pour le renouvellement de Vogue Digital. ${reason} Nous réessaierons le 27 novembre 2026.`,
    );
    expect(mail.text).toContain('Accès jusqu’au\u00a0: 10 décembre 2026');
  });
});
