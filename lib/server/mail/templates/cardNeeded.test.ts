import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
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
