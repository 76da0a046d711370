import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { endedByCare } from './endedByCare';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  endedAt: 'November 27, 2026 at 09:14 UTC',
  accountUrl: 'https://subscribe.example.com/account',
};

describe('endedByCare', () => {
  it('says who ended it and when, that it will not renew and access has ended, in both parts', () => {
    const mail = endedByCare(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue subscription has ended');
    for (const part of [mail.text, visibleText(mail.html)]) {
      for (const fact of [
        'customer care team ended Vogue Digital on November 27, 2026 at 09:14 UTC',
        'It will not renew',
        'your access has ended',
      ]) {
        expect(part).toContain(fact);
      }
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('escapes every value in the HTML part', () => {
    const mail = endedByCare({ ...input, offerName: HOSTILE, endedAt: HOSTILE });
    expect(mail.html).not.toMatch(/<script>|<b>/);
  });
});
