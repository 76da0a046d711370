import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { renewalEnded, type RenewalEndedInput } from './renewalEnded';

const input: RenewalEndedInput = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  accountUrl: 'https://subscribe.example.com/account',
};

describe('renewalEnded', () => {
  it('says the subscription ended unpaid and nothing more is charged, with the account link, in both parts', () => {
    const mail = renewalEnded(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue subscription has ended');
    expect(mail.link).toBe(input.accountUrl);
    expect(hrefs(mail.html).every((href) => href === input.accountUrl)).toBe(true);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('We could not charge the renewal of Vogue Digital, so it has ended. Nothing more will be charged.');
      expect(part).toContain('You can see it, and your invoices, in your account');
    }
    expect(mail.text).toContain(`Go to your account:\n${input.accountUrl}`);
  });

  it('marks a test subscription’s mail as a test', () => {
    expect(renewalEnded({ ...input, livemode: false }).subject).toBe('[Test] Your Vogue subscription has ended');
  });

  it('escapes the brand and the offer in the HTML part, and keeps them as they are in the text', () => {
    const mail = renewalEnded({ ...input, brand: { ...VOGUE, name: 'Condé <Nast> & Co' }, offerName: HOSTILE });
    expect(mail.subject).toBe('Your Condé <Nast> & Co subscription has ended');
    expect(mail.html).not.toMatch(/<script>|<b>|<Nast>/);
    expect(mail.html).toContain('Condé &lt;Nast&gt; &amp; Co');
    expect(visibleText(mail.html)).toContain(`We could not charge the renewal of ${HOSTILE}, so it has ended.`);
    expect(mail.text).toContain(`We could not charge the renewal of ${HOSTILE}, so it has ended.`);
  });
});

describe('renewalEnded in the subscriber’s language', () => {
  it('tells a German subscriber, in German, that it ended', () => {
    const { words } = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const mail = renewalEnded({ ...input, livemode: false }, words);
    expect(mail.subject).toBe('[Test] Ihr Vogue-Abonnement ist beendet');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain('Wir konnten die Verlängerung von Vogue Digital nicht abbuchen, daher ist es beendet.');
    expect(mail.text).toContain('Dies ist ein Test-Abonnement: Es wird keine echte Zahlung eingezogen.');
    expect(mail.text).toContain(`Zu Ihrem Konto:\n${input.accountUrl}`);
  });

  it('tells a French subscriber, in French', () => {
    const { words } = mailFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const mail = renewalEnded(input, words);
    expect(mail.subject).toBe('Votre abonnement Vogue a pris fin');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Vous le retrouvez, avec vos factures, dans votre compte\u00a0:');
  });
});
