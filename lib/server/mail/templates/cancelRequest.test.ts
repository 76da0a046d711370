import { describe, expect, it } from 'vitest';
import { expectMailShape, HOSTILE, hrefs, visibleText, VOGUE } from '@/tests/fixtures/mailHtml';
import { mailFormats } from '@/lib/server/mail/mailRecipient';
import { cancelRequest } from './cancelRequest';

const input = {
  brand: VOGUE,
  offerName: 'Vogue Digital',
  livemode: true,
  accessEndsAt: 'December 21, 2026, 9:00 AM EST',
  keepUrl: 'https://subscribe.example.com/cancel/keep?token=k_123',
};

describe('cancelRequest', () => {
  it('says the subscription was cancelled, and gives the one-click link to keep it, in both parts', () => {
    const mail = cancelRequest(input);
    expectMailShape(mail);
    expect(mail.subject).toBe('Your Vogue subscription was cancelled');
    expect(mail.link).toBe(input.keepUrl);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Your subscription to Vogue Digital was cancelled on the Vogue cancellation page.');
      expect(part).toContain('December 21, 2026, 9:00 AM EST');
      expect(part).toContain('If it was not you');
      expect(part).toContain('Keep my subscription');
      expect(part).toContain(input.keepUrl);
    }
    expect(hrefs(mail.html)).toEqual([input.keepUrl, input.keepUrl]);
  });

  it('escapes every value in the HTML part', () => {
    const mail = cancelRequest({ ...input, offerName: HOSTILE, accessEndsAt: HOSTILE, keepUrl: `${input.keepUrl}&a=<b>` });
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(mail.html).toContain('href="https://subscribe.example.com/cancel/keep?token=k_123&amp;a=&lt;b&gt;"');
  });
});

describe('cancelRequest in the subscriber’s language', () => {
  it('tells a French subscriber, in French, how to keep the subscription', () => {
    const fr = mailFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    const mail = cancelRequest({ ...input, accessEndsAt: fr.dateTime('2026-12-21T10:00:00.000Z') }, fr.words);
    expect(mail.subject).toBe('Votre abonnement Vogue a été résilié');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('Vous gardez l’accès jusqu’au 21 décembre 2026 à 11:00 (UTC+1).');
    expect(mail.text).toContain('conservez votre abonnement en un clic\u00a0:');
    expect(mail.text).toContain(`Conserver mon abonnement\u00a0:\n${input.keepUrl}`);
  });
});
