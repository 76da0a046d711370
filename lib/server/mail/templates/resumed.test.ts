import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { resumed } from './resumed';

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
