import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { cancellationConfirmation } from './cancellationConfirmation';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  accessEndsAt: 'December 21, 2026, 9:00 AM EST',
  accountUrl: 'https://subscribe.example.com/account',
  resumeUrl: 'https://subscribe.example.com/account/subscriptions/sub_1/resume',
};

describe('cancellationConfirmation', () => {
  it('confirms the cancellation, until when access lasts, and how to resume, in both parts', () => {
    const mail = cancellationConfirmation(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue subscription is cancelled');
    expect(mail.link).toBe(input.resumeUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      for (const fact of ['You cancelled Vogue Digital. It will not renew.', 'December 21, 2026, 9:00 AM EST', 'Resume my subscription'])
        expect(part).toContain(fact);
    }
    expect(hrefs(mail.html)).toEqual([input.resumeUrl, input.accountUrl]);
    expect(mail.text).toContain(`Your account: ${input.accountUrl}`);
  });

  it('escapes every value in the HTML part', () => {
    const mail = cancellationConfirmation({ ...input, brand: { ...VOGUE, name: HOSTILE }, offerName: HOSTILE, accessEndsAt: HOSTILE });
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(visibleText(mail.html)).toContain(`You cancelled ${HOSTILE}.`);
  });
});
