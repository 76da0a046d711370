import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { addressChanged } from './addressChanged';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Print + Digital',
  livemode: true,
  addressLines: ['Ada Lovelace', '12 Example Street, Apt 4', 'New York, NY 10001', 'United States'],
  accountUrl: 'https://subscribe.example.com/account',
};

describe('addressChanged', () => {
  it('gives the new address line by line, and the account link, in both parts', () => {
    const mail = addressChanged(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue delivery address was changed');
    expect(mail.link).toBe(input.accountUrl);
    expect(mail.text).toContain(`NEW DELIVERY ADDRESS\n${input.addressLines.join('\n')}\n`);
    expect(mail.html).toContain(input.addressLines.join('<br>'));
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('The delivery address of Vogue Print + Digital is now:');
      expect(part).toContain('If you did not make this change');
    }
    expect(hrefs(mail.html)).toEqual([input.accountUrl, input.accountUrl]);
  });

  it('escapes every line in the HTML part', () => {
    const mail = addressChanged({ ...input, addressLines: [HOSTILE, 'x'] });
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s &lt;b&gt;<br>x');
  });
});
