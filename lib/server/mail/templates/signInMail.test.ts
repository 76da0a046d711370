import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, visibleText } from '@/tests/fixtures/mailHtml';
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
