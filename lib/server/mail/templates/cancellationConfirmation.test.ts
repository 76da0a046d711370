import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
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

describe('cancellationConfirmation in the subscriber’s language', () => {
  it('confirms a German cancellation in German, when access ends on the subscriber’s clock', () => {
    const de = mailFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const mail = cancellationConfirmation({ ...input, accessEndsAt: de.dateTime('2026-12-21T10:00:00.000Z') }, de.words);
    expect(mail.subject).toBe('Ihr Vogue-Abonnement ist gekündigt');
    expect(mail.html).toContain('<html lang="de">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Sie haben Vogue Digital gekündigt. Es verlängert sich nicht.');
      expect(part).toContain('21. Dezember 2026 um 11:00 Uhr (MEZ)');
      expect(part).toContain('Mein Abonnement fortsetzen');
    }
  });
});
