import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { cardChanged } from './cardChanged';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  card: 'Visa ending in 4444',
  nextCharge: { date: 'November 26, 2027', amount: '$50.00 plus any applicable tax' },
  accountUrl: 'https://subscribe.example.com/account',
};

describe('cardChanged', () => {
  it('names the new card, the next charge and the account link, in both parts', () => {
    const mail = cardChanged(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue payment card was changed');
    expect(mail.link).toBe(input.accountUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Vogue Digital now renews with Visa ending in 4444. Nothing was charged for the change.');
      expect(part).toContain('November 26, 2027');
      expect(part).toContain('If you did not make this change');
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('says a cancelled subscription does not renew, and gives no next charge', () => {
    const mail = cardChanged({ ...input, nextCharge: null });
    expect(mail.text).toContain('It is cancelled and does not renew');
    expect(mail.text).not.toContain('Next charge');
  });

  it('says a past-due subscription’s renewal is charged to the new card now, and names no next charge', () => {
    const mail = cardChanged({ ...input, pastDue: true });
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        'Vogue Digital is now paid with Visa ending in 4444. The renewal that did not go through is charged to it now: your account shows whether it was paid.',
      );
      expect(part).not.toMatch(/Nothing was charged|Next charge|November 26, 2027/);
    }
  });

  it('escapes what it is given in the HTML part', () => {
    const mail = cardChanged({ ...input, offerName: HOSTILE });
    expect(mail.html).not.toMatch(/<script>|<b>/);
  });
});
