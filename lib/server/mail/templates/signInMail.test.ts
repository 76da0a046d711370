import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, visibleText } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { signInMail } from './signInMail';

const link = 'http://localhost:3000/epicurious/demo-preauth/auth/complete?token=abc_DEF-123';

describe('signInMail', () => {
  it('says what today says: continue with the brand by the link, within its minutes, once', () => {
    const mail = signInMail({ brandName: 'Epicurious', link, purpose: 'magic-link', validForMinutes: 15 });
    expectMailShape(mail);
    expect(mail.subject).toBe('Continue with Epicurious');
    expect(mail.link).toBe(link);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Continue with Epicurious by opening this link within 15 minutes:');
      expect(part).toContain(link);
      expect(part).toContain('The link works once. If you did not ask for it, ignore this e-mail.');
    }
  });

  it('is a sign-in for the sign-in purpose', () => {
    const mail = signInMail({ brandName: 'Vogue', link, purpose: 'sign-in', validForMinutes: 15 });
    expect(mail.subject).toBe('Sign in to Vogue');
    expect(mail.text).toContain('Sign in to Vogue by opening this link within 15 minutes:');
  });

  it('does without a brand', () => {
    const mail = signInMail({ brandName: null, link, purpose: 'sign-in', validForMinutes: 1 });
    expectMailShape(mail);
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.text).toContain('Sign in by opening this link within 1 minute:');
  });

  it('escapes the brand name and the link in the HTML part', () => {
    const mail = signInMail({ brandName: HOSTILE, link: `${link}&x="y"`, purpose: 'sign-in', validForMinutes: 15 });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="http://localhost:3000/epicurious/demo-preauth/auth/complete?token=abc_DEF-123&amp;x=&quot;y&quot;"');
    expect(visibleText(mail.html)).toContain(`Sign in to ${HOSTILE}`);
  });
});

describe('signInMail in the asking page’s language', () => {
  it('is German for a German page: the brand, the minutes, once', () => {
    const { words } = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const mail = signInMail({ brandName: 'GQ', link, purpose: 'magic-link', validForMinutes: 15 }, words);
    expectMailShape(mail);
    expect(mail.subject).toBe('Weiter mit GQ');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Um mit GQ fortzufahren, öffnen Sie diesen Link innerhalb von 15 Minuten:');
      expect(part).toContain('Der Link funktioniert nur einmal.');
    }
  });

  it('is French for the account’s French page, and says one minute as French does', () => {
    const { words } = mailFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const mail = signInMail({ brandName: null, forAccount: true, link, purpose: 'sign-in', validForMinutes: 1 }, words);
    expect(mail.subject).toBe('Se connecter à votre compte');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Pour vous connecter à votre compte, ouvrez ce lien dans un délai de 1 minute\u00a0:');
  });

  it('says the account’s sign-in in English as it always did', () => {
    const mail = signInMail({ brandName: null, forAccount: true, link, purpose: 'sign-in', validForMinutes: 15 });
    expect(mail.subject).toBe('Sign in to your account');
    expect(mail.text).toContain('Sign in to your account by opening this link within 15 minutes:');
  });
});
