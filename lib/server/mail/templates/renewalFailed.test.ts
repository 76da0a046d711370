import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
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
